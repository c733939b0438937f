import FoundationEssentials
import Testing

/// Golden files: `Golden/NAME.golden`, next to the test file that checks it, holds the
/// expected output, reviewed by eye. `WPNEWS_RECORD_GOLDEN=1 swift test` rewrites them, and
/// fails so a recording run never passes.
public enum Golden {
    public static func check(_ actual: String, named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = URL(filePath: filePath).deletingLastPathComponent().appending(path: "Golden/\(name).golden")
        if ProcessInfo.processInfo.environment["WPNEWS_RECORD_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
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
