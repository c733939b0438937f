import FoundationEssentials
import Testing

/// Golden files: `Golden/NAME.golden` holds the expected output, reviewed by eye.
/// `WPNEWS_RECORD_GOLDEN=1 swift test` rewrites them, and fails so a recording run never passes.
enum Golden {
    static let directory = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Golden")

    static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = directory.appending(path: name + ".golden")
        if ProcessInfo.processInfo.environment["WPNEWS_RECORD_GOLDEN"] == "1" {
            try Data(actual.utf8).write(to: file)
            Issue.record("recorded \(file.path); review it and run again without WPNEWS_RECORD_GOLDEN", sourceLocation: sourceLocation)
            return
        }
        guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record("no golden file \(file.path): record it with WPNEWS_RECORD_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == expected, "differs from \(name).golden", sourceLocation: sourceLocation)
    }
}
