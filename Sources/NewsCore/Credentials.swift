import Foundation
import Glibc
import HTTPClient
import ProcessSpawn

/// Which login a password belongs to: a user on a site's API root.
public struct LoginKey: Sendable, Hashable {
    public let apiRoot: String
    public let user: String

    public init(apiRoot: String, user: String) {
        self.apiRoot = apiRoot
        self.user = user
    }
}

/// Where application passwords are kept: the system keyring through `secret-tool` when there
/// is one, else a file of their own beside config.toml (`credentials`, mode 0600). Never
/// config.toml, sites.toml or the cache.
public struct CredentialStore: Sendable {
    public enum Place: Sendable, Equatable {
        case keyring
        case file(String)
    }

    private let file: CredentialsFile
    private let keyring: SecretTool?

    public init(file: String, keyring: SecretTool?) {
        self.file = CredentialsFile(path: file)
        self.keyring = keyring
    }

    /// Keeps `password` for `key`; the keyring first, and the file when the keyring cannot
    /// take it (`notice` says why).
    public func save(_ password: String, for key: LoginKey, notice: (String) -> Void) throws -> Place {
        if let keyring {
            do {
                try keyring.store(password, for: key)
                try file.remove(key)
                return .keyring
            } catch let error as CredentialError {
                notice("\(ErrorMessage.line(for: error)): keeping the password in \(file.path) instead")
            }
        }
        try file.save(password, for: key)
        return .file(file.path)
    }

    /// Nil when neither the keyring nor the file has one. A keyring that fails is asked
    /// around: the file may hold the password (kept there when no keyring took it); if it
    /// does not, the keyring's failure is why there is none, and is thrown.
    public func password(for key: LoginKey) throws -> String? {
        do {
            if let found = try keyring?.lookup(key) { return found }
        } catch {
            if let found = try file.password(for: key) { return found }
            throw error
        }
        return try file.password(for: key)
    }

    /// A password the keyring would not let go of: `reason` is its one line, and `clear` the
    /// words of the `secret-tool` command that removes it by hand.
    public struct KeptInKeyring: Sendable, Equatable {
        public let reason: String
        public let clear: [String]
    }

    /// Forgets the password for `key`. A keyring that refuses does not stop the removal, but
    /// what it kept is returned, for the user to hear of: they would believe it gone.
    public func remove(_ key: LoginKey) throws -> KeptInKeyring? {
        var kept: KeptInKeyring?
        if let keyring {
            do {
                try keyring.clear(key)
            } catch {
                kept = KeptInKeyring(reason: ErrorMessage.line(for: error), clear: ["secret-tool", "clear"] + keyring.attributes(key))
            }
        }
        try file.remove(key)
        return kept
    }
}

public enum CredentialError: Error, Sendable, Equatable, CustomStringConvertible {
    case readableByOthers(path: String)
    case unusable(path: String, reason: String)
    case keyring(String)
    case missing(user: String, site: String)

    public var description: String {
        switch self {
        case .readableByOthers(let path):
            "\(path) can be read by other users, so wpnews will not use the passwords in it: run `chmod 600 \(path)`, and make new application passwords if someone may have read them"
        case .unusable(let path, let reason):
            "cannot use the credentials file \(path) (\(reason)): check it, or remove it and add the sites with --user again"
        case .keyring(let reason):
            "the keyring did not answer (\(reason))"
        case .missing(let user, let site):
            "no password is kept for \(user) on '\(site)': run `wpnews sites remove \(site)`, then `wpnews sites add \(site) URL --user \(user)`"
        }
    }
}

/// The file the passwords go to without a keyring: TOML, written whole, only ever 0600.
struct CredentialsFile: Sendable {
    struct Contents: Codable {
        struct Login: Codable {
            var apiRoot: String
            var user: String
            var password: String

            enum CodingKeys: String, CodingKey {
                case apiRoot = "api_root"
                case user, password
            }
        }

        var login: [Login]?
    }

    let path: String

    func password(for key: LoginKey) throws -> String? {
        try read().first { $0.apiRoot == key.apiRoot && $0.user == key.user }?.password
    }

    func save(_ password: String, for key: LoginKey) throws {
        let kept = try read().filter { $0.apiRoot != key.apiRoot || $0.user != key.user }
        try write(kept + [Contents.Login(apiRoot: key.apiRoot, user: key.user, password: password)])
    }

    func remove(_ key: LoginKey) throws {
        let logins = try read()
        let kept = logins.filter { $0.apiRoot != key.apiRoot || $0.user != key.user }
        if kept.count != logins.count { try write(kept) }
    }

    private func read() throws -> [Contents.Login] {
        var status = stat()
        guard stat(path, &status) == 0 else { return [] }
        guard status.st_mode & 0o077 == 0 else { throw CredentialError.readableByOthers(path: path) }
        return try TOMLFile.read(Contents.self, path: path)?.login ?? []
    }

    /// Through a new file made 0600 from the start (`NewFile`): no moment when others may
    /// read it, and a crash leaves the old file or the new one.
    private func write(_ logins: [Contents.Login]) throws {
        var file = TOMLWriter()
        file.comment("Application passwords wpnews signs in with (`wpnews sites add NAME URL --user USER`),")
        file.comment("kept here because no keyring was available. wpnews refuses this file unless only you may read it.")
        for login in logins {
            file.tableInArray("login")
            file.set("api_root", login.apiRoot)
            file.set("user", login.user)
            file.set("password", login.password)
        }
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        do {
            try NewFile.write(Array(file.text.utf8), to: path, replacing: true, mode: 0o600)
        } catch NewFileError.unwritable(_, let reason) {
            throw CredentialError.unusable(path: path, reason: reason)
        }
    }
}

/// The system keyring through libsecret's `secret-tool`. The password goes to it on stdin,
/// never in its arguments, where any user could read it in /proc.
public struct SecretTool: Sendable {
    let executable: String
    let environment: [String: String]

    /// `secret-tool` on the PATH, with a D-Bus session to reach a keyring through; else nil.
    public static func find(environment: [String: String]) -> SecretTool? {
        guard environment["DBUS_SESSION_BUS_ADDRESS"].map({ !$0.isEmpty }) == true else { return nil }
        let directories = (environment["PATH"] ?? "").split(separator: ":")
        guard let found = directories.map({ String($0) + "/secret-tool" }).first(where: { access($0, X_OK) == 0 }) else { return nil }
        return SecretTool(executable: found, environment: environment)
    }

    func store(_ password: String, for key: LoginKey) throws {
        _ = try run(["store", "--label=wpnews: \(key.user) on \(key.apiRoot)"] + attributes(key), input: password)
    }

    func lookup(_ key: LoginKey) throws -> String? {
        let finished = try spawn(["lookup"] + attributes(key), input: nil)
        // secret-tool exits 1, saying nothing, when it holds no such password; said, it failed.
        if finished.exit == .exited(1), finished.errors.isEmpty { return nil }
        let output = try succeeded(finished)
        return output.isEmpty ? nil : output
    }

    func clear(_ key: LoginKey) throws {
        _ = try run(["clear"] + attributes(key), input: nil)
    }

    func attributes(_ key: LoginKey) -> [String] {
        ["application", "wpnews", "api_root", key.apiRoot, "user", key.user]
    }

    private func run(_ arguments: [String], input: String?) throws -> String {
        try succeeded(spawn(arguments, input: input))
    }

    private func spawn(_ arguments: [String], input: String?) throws -> ChildProcess.Finished {
        do {
            return try ChildProcess(executable: executable, arguments: arguments, environment: environment)
                .run(input: .text(input ?? ""), output: .captured, errors: .captured)
        } catch {
            throw CredentialError.keyring(error.description)
        }
    }

    /// Its output, or its first line on stderr as the keyring's failure.
    private func succeeded(_ finished: ChildProcess.Finished) throws -> String {
        guard finished.exit == .exited(0) else {
            let reason = finished.errors.split(whereSeparator: \.isNewline).first.map(String.init)
            throw CredentialError.keyring(reason ?? "secret-tool \(finished.exit)")
        }
        return finished.output
    }
}
