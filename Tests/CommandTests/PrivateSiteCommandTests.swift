import CommandRuns
import Foundation
import Testing

/// `sites add --user` against the private test bed (`scripts/wordpress.sh`, WPNEWS_WP_SITE=private):
/// the application password is checked, kept in the keyring or a 0600 file, and nowhere
/// else; signed in, the private post appears in the lists and can be read.
@Suite struct PrivateSiteCommandTests {
    /// The login the test bed was seeded with (scripts/wordpress/private-login.txt).
    struct Login {
        let user: String
        let password: String
        let privateTitle: String

        static func seeded() throws -> Login {
            let file = TestSites.packageRoot.appendingPathComponent("scripts/wordpress/private-login.txt").path
            var values: [String: String] = [:]
            for line in try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
                let pair = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if pair.count == 2 { values[pair[0]] = pair[1] }
            }
            return Login(user: try #require(values["user"]), password: try #require(values["password"]),
                         privateTitle: try #require(values["private_title"]))
        }

        /// Every form the password could be written in: as typed, and as WordPress compares it.
        var passwordForms: [String] { [password, password.replacing(" ", with: "")] }
    }

    let site: String
    let login: Login

    init() throws {
        site = try #require(ProcessInfo.processInfo.environment["WPNEWS_E2E_PRIVATE_SITE"],
                            "WPNEWS_E2E_PRIVATE_SITE is not set: run the command tests with `make test`")
        login = try Login.seeded()
    }

    func titles(_ run: CommandRun) throws -> [String] {
        try run.json().compactMap { $0["title"] as? String }
    }

    /// WordPress titles a private post "Private: …".
    func showsThePrivatePost(_ run: CommandRun) throws -> Bool {
        try titles(run).contains { $0.hasSuffix(login.privateTitle) }
    }

    /// The files a run wrote under `home`, the credentials file left out.
    func filesWritten(under home: String) throws -> [String] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: home))
        return enumerator.compactMap { $0 as? String }.map { home + "/" + $0 }
            .filter { !$0.hasSuffix("/wpnews/credentials") && !isDirectory($0) }
    }

    func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func signedInThePrivatePostAppearsAndThePasswordIsKeptOnlyInTheCredentialsFile() async throws {
        let home = try TestSites.freshHome()
        let environment = ["HOME": home]
        let added = try await CommandRun.run(["sites", "add", "newsroom", site, "--user", login.user, "-v"],
                                             environment: environment, input: login.password + "\n")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr.contains("signed in as \(login.user)") && added.stderr.contains("private posts included"), "\(added.stderr)")

        let anonymous = try await CommandRun.run(["latest", "--site", site, "--json"], environment: ["HOME": try TestSites.freshHome()])
        #expect(try anonymous.status == 0 && !showsThePrivatePost(anonymous), "anonymous visitors never see it")

        let latest = try await CommandRun.run(["latest", "--json", "-v"], environment: environment)
        #expect(latest.status == 0, "\(latest.stderr)")
        #expect(try showsThePrivatePost(latest), "\(latest.stdout.prefix(400))")
        #expect(latest.requestLines.contains { $0.contains("status=publish,private") }, "\(latest.stderr)")
        let story = try #require(try latest.json().first { ($0["title"] as? String)?.hasSuffix(login.privateTitle) == true })
        let read = try await CommandRun.run(["read", "\(try #require(story["id"] as? Int))", "--json"], environment: environment)
        #expect(read.status == 0 && read.stdout.contains("newsroom only"), "\(read.stderr)")

        let credentials = home + "/.config/wpnews/credentials"
        #expect(try mode(credentials) == 0o600)
        #expect(try String(contentsOfFile: credentials, encoding: .utf8).contains(login.password))
        #expect(try mode(home + "/.cache/wpnews") == 0o700)
        #expect(try mode(home + "/.cache/wpnews/wpnews.sqlite") == 0o600)
        #expect(try String(contentsOfFile: home + "/.config/wpnews/sites.toml", encoding: .utf8).contains("user = \"\(login.user)\""))
        for file in try filesWritten(under: home) {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            for form in login.passwordForms {
                #expect(bytes.range(of: Data(form.utf8)) == nil, "the password is in \(file)")
            }
        }
        for run in [added, latest, read] {
            for form in login.passwordForms {
                #expect(!run.stdout.contains(form) && !run.stderr.contains(form), "the password was printed")
            }
        }
    }

    @Test func aWrongPasswordIsOneClearLineAndNothingIsSaved() async throws {
        let home = try TestSites.freshHome()
        let added = try await CommandRun.run(["sites", "add", "newsroom", site, "--user", login.user],
                                             environment: ["HOME": home], input: "abcd efgh ijkl mnop qrst uvwx\n")
        #expect(added.status == 1)
        #expect(added.stderrLines.count == 1 && added.stderr.contains("did not accept the application password of \(login.user)"),
                "\(added.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home + "/.config/wpnews/sites.toml"))
        #expect(!FileManager.default.fileExists(atPath: home + "/.config/wpnews/credentials"))
    }

    @Test func noPasswordOnStdinIsOneLine() async throws {
        let added = try await CommandRun.run(["sites", "add", "newsroom", site, "--user", login.user], input: "")
        #expect(added.status == 1 && added.stderrLines.count == 1 && added.stderr.contains("no application password given"), "\(added.stderr)")
    }

    @Test func aCredentialsFileOthersCanReadIsRefused() async throws {
        let home = try TestSites.freshHome()
        let added = try await CommandRun.run(["sites", "add", "newsroom", site, "--user", login.user],
                                             environment: ["HOME": home], input: login.password)
        #expect(added.status == 0, "\(added.stderr)")
        let credentials = home + "/.config/wpnews/credentials"
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: credentials)
        let latest = try await CommandRun.run(["latest"], environment: ["HOME": home])
        #expect(latest.status == 1 && latest.stderrLines.count == 1, "\(latest.stderr)")
        #expect(latest.stderr.contains("can be read by other users") && latest.stderr.contains("chmod 600 \(credentials)"), "\(latest.stderr)")
    }

    /// The environment of a run whose keyring is a stub `secret-tool` in `home` that keeps
    /// what it is given in a file there, records its arguments, and looks up and clears as
    /// `lookup` and `clear` say.
    func stubKeyring(
        home: String, lookup: String = "[ -f \"$HOME/keyring\" ] && cat \"$HOME/keyring\" || exit 1", clear: String = "rm -f \"$HOME/keyring\""
    ) throws -> [String: String] {
        let bin = home + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let stub = """
            #!/bin/sh
            echo "$@" >> "\(home)/secret-tool.args"
            case "$1" in
              store) cat > "\(home)/keyring" ;;
              lookup) \(lookup) ;;
              clear) \(clear) ;;
            esac
            """
        try TestSites.writeScript(stub, to: bin + "/secret-tool")
        return ["HOME": home, "PATH": bin + ":/usr/bin:/bin", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"]
    }

    @Test func withAKeyringThePasswordGoesToSecretToolOnStdinAndNoFileHoldsIt() async throws {
        let home = try TestSites.freshHome()
        let environment = try stubKeyring(home: home)

        let added = try await CommandRun.run(["sites", "add", "newsroom", site, "--user", login.user],
                                             environment: environment, input: login.password + "\n")
        #expect(added.status == 0 && added.stderr.contains("kept in the keyring"), "\(added.stderr)")
        #expect(try String(contentsOfFile: home + "/keyring", encoding: .utf8) == login.password)
        #expect(!FileManager.default.fileExists(atPath: home + "/.config/wpnews/credentials"))
        let arguments = try String(contentsOfFile: home + "/secret-tool.args", encoding: .utf8)
        #expect(!login.passwordForms.contains { arguments.contains($0) }, "never in secret-tool's arguments: \(arguments)")

        let latest = try await CommandRun.run(["latest", "--json"], environment: environment)
        #expect(try latest.status == 0 && showsThePrivatePost(latest), "\(latest.stderr)")
        let removed = try await CommandRun.run(["sites", "remove", "newsroom"], environment: environment)
        #expect(removed.status == 0 && !FileManager.default.fileExists(atPath: home + "/keyring"), "\(removed.stderr)")
    }

    /// A keyring that will not let the password go: `sites remove` still unfollows the site,
    /// and says where the password stayed and how to remove it, rather than nothing.
    @Test func aPasswordTheKeyringKeepsAfterRemoveIsSaid() async throws {
        let home = try TestSites.freshHome()
        let environment = try stubKeyring(home: home, clear: "echo 'Cannot remove: the collection is locked' >&2; exit 1")
        let added = try await CommandRun.run(["sites", "add", "newsroom", site, "--user", login.user],
                                             environment: environment, input: login.password + "\n")
        #expect(added.status == 0 && added.stderr.contains("kept in the keyring"), "\(added.stderr)")

        let removed = try await CommandRun.run(["sites", "remove", "newsroom"], environment: environment)
        #expect(removed.status == 0, "the site is unfollowed all the same: \(removed.stderr)")
        let warning = try #require(removed.stderrLines.first { $0.contains("keyring") }, "\(removed.stderr)")
        #expect(warning.hasPrefix("wpnews: warning: ") && warning.contains("the collection is locked")
                && warning.contains("secret-tool clear application wpnews") && warning.contains("user \(login.user)"), "\(warning)")
        let sites = try await CommandRun.run(["sites", "list"], environment: environment)
        #expect(!sites.stdout.contains("newsroom"), "\(sites.stdout)")
    }

    /// A keyring that fails when asked: the command fails with the keyring's reason, not
    /// with "no password is kept", which would send the user to add the site again.
    @Test func aKeyringThatFailsALookupIsSaidAsSuch() async throws {
        let home = try TestSites.freshHome()
        let failing = "echo 'Cannot get secret: the collection is locked' >&2; exit 1"
        let working = try stubKeyring(home: home)
        let added = try await CommandRun.run(["sites", "add", "newsroom", site, "--user", login.user],
                                             environment: working, input: login.password + "\n")
        #expect(added.status == 0 && added.stderr.contains("kept in the keyring"), "\(added.stderr)")

        let latest = try await CommandRun.run(["latest"], environment: try stubKeyring(home: home, lookup: failing))
        #expect(latest.status == 1 && latest.stderrLines.count == 1, "\(latest.stderr)")
        #expect(latest.stderr.contains("the keyring did not answer (Cannot get secret: the collection is locked)"), "\(latest.stderr)")
    }

    @Test func aPasswordIsNeverSentOverPlainHTTPToAnotherMachine() async throws {
        let added = try await CommandRun.run(["sites", "add", "far", "http://192.0.2.1/", "--user", login.user, "--timeout", "2"],
                                             input: "whatever\n")
        #expect(added.status == 1 && added.stderrLines.count == 1, "\(added.stderr)")
        #expect(added.stderr.contains("only over https") && added.stderr.contains("192.0.2.1"), "\(added.stderr)")
    }
}
