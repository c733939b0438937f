import Testing
@testable import wpnews

/// The output boundary's own promises, beyond what a command run shows.
@Suite struct OutputTests {
    /// A notice is one line on stderr whatever its text held: each run of line ends and tabs
    /// becomes one space, and none is left at the end.
    @Test func aNoticeIsOneLine() {
        let (output, captured) = Output.capturing()
        output.note("could not save \n\t that:\r\nthe disk is full\n")
        #expect(captured.stderr == "could not save that: the disk is full\n")
    }
}
