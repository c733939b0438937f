import Glibc
import ProcessSpawn
import Testing

@Suite struct ChildProcessTests {
    static let environment = ["PATH": "/usr/bin:/bin"]

    @Test func catGivesBackWhatItIsFed() throws {
        let finished = try ChildProcess(executable: "/bin/cat", environment: Self.environment)
            .run(input: .text("a line\nand é\n"), output: .captured)
        #expect(finished.exit == .exited(0))
        #expect(finished.output == "a line\nand é\n")
    }

    @Test func aFailingProgramSaysItsStatus() throws {
        let finished = try ChildProcess(executable: "/bin/false", environment: Self.environment).run()
        #expect(finished.exit == .exited(1))
    }

    @Test func aMissingProgramIsNotStartedAndSaysWhy() {
        do {
            _ = try ChildProcess(executable: "/nonexistent/wpnews-helper", environment: Self.environment).run(output: .captured)
            Issue.record("a missing program was started")
        } catch {
            #expect(error.errno == ENOENT)
            #expect(error.description == "/nonexistent/wpnews-helper could not be started (No such file or directory)")
        }
    }

    @Test func withNothingOnStdinTheChildReadsItsEndAtOnce() throws {
        let finished = try ChildProcess.shell("wc -c", environment: Self.environment).run(input: .nothing, output: .captured)
        #expect(finished.output == "0\n")
    }

    /// More than a pipe holds, both ways and on both outputs at once: each side is served as
    /// it is ready, so neither waits on the other for ever.
    @Test func muchInputAndMuchOutputDoNotDeadlock() throws {
        let input = String(repeating: "0123456789abcdef", count: 200_000)
        let finished = try ChildProcess.shell("cat; head -c 3000000 /dev/zero | tr '\\0' e >&2", environment: Self.environment)
            .run(input: .text(input), output: .captured, errors: .captured)
        #expect(finished.exit == .exited(0))
        #expect(finished.output == input)
        #expect(finished.errors.utf8.count == 3_000_000 && finished.errors.utf8.allSatisfy { $0 == UInt8(ascii: "e") })
    }

    /// A pager quit early stops reading: the rest of the input is dropped, and wpnews goes on.
    @Test func aChildThatReadsNothingEndsTheFeedingNotTheCaller() throws {
        let finished = try ChildProcess(executable: "/bin/true", environment: Self.environment)
            .run(input: .text(String(repeating: "x", count: 1_000_000)))
        #expect(finished.exit == .exited(0))
    }

    @Test func theShellNeverParsesTheArguments() throws {
        let word = "$(echo ran); echo ran `echo ran` \"'"
        let finished = try ChildProcess.shell("printf '%s|' \"$1\" \"$2\"", arguments: [word, "two words"], environment: Self.environment)
            .run(output: .captured)
        #expect(finished.output == word + "|two words|")
    }

    @Test func theEnvironmentIsTheOneGiven() throws {
        #expect(getenv("HOME") != nil, "HOME is set here, and must not reach the child")
        let finished = try ChildProcess.shell("printf '%s,%s' \"$ONLY_THIS\" \"${HOME-unset}\"", environment: ["ONLY_THIS": "yes"])
            .run(output: .captured)
        #expect(finished.output == "yes,unset")
    }

    @Test func aKilledChildSaysBySignal() throws {
        let finished = try ChildProcess.shell("kill -TERM $$", environment: Self.environment).run()
        #expect(finished.exit == .killed(signal: SIGTERM))
    }

    @Test func aStartedChildIsPolledAndCanBeStopped() throws {
        let quick = try ChildProcess.shell("exit 3", environment: Self.environment).start(input: .nothing)
        #expect(quick.waitForExit() == .exited(3))

        let slow = try ChildProcess(executable: "/bin/sleep", arguments: ["30"], environment: Self.environment).start(input: .nothing)
        #expect(slow.exitIfEnded() == nil)
        #expect(slow.kill() == .killed(signal: SIGKILL))
    }
}
