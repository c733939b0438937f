import Foundation
import GRDB
import Glibc
import Synchronization

/// The cache and, attached to the same SQLite connection as `state`, the user's own state:
/// what was seen, read and hidden, and the last list shown. The cache is disposable and the
/// state is not, so they live in separate files (the state under `$XDG_STATE_HOME`): clearing
/// or recovering the cache never touches what only the user made. One connection for both
/// lets a list read its stories and their reading state in one query.
///
/// Damage is survived, not reported back as a failure: when SQLite says a file is corrupt
/// (at open or in the middle of any read or write), the damaged file is kept beside the
/// original under a new name, a new one is started, `notice` says so once, and the operation
/// is tried again on the new file.
public final class AppDatabase: Sendable {
    /// Where the two files live; nil for a database that lasts as long as the process.
    public struct Files: Sendable, Hashable {
        public let cache: String
        public let state: String

        public init(cache: String, state: String) {
            self.cache = cache
            self.state = state
        }
    }

    private let files: Files?
    private let queue: Mutex<DatabaseQueue>
    private let notice: @Sendable (String) -> Void
    /// Whether this run was told its reading state cannot be saved: it is told once.
    private let toldStateUnsaved = Atomic(false)
    /// Why the files may not be used at all (a state written by a newer wpnews): every read
    /// and write throws it, so the command stops with it and neither file is touched.
    private let refusal: NewsError?

    private init(files: Files?, queue: DatabaseQueue, notice: @escaping @Sendable (String) -> Void, refusal: NewsError? = nil) {
        self.files = files
        self.queue = Mutex(queue)
        self.notice = notice
        self.refusal = refusal
    }

    /// Opens both files, never failing a command over them: a damaged file is moved aside and
    /// started again; a place that cannot be written gives a database that lasts as long as
    /// the process. `notice` gets one line for each such thing, now or later.
    public static func open(_ files: Files, notice: @escaping @Sendable (String) -> Void) -> AppDatabase {
        keepPrivate(files)
        do {
            return AppDatabase(files: files, queue: try Self.recovering(files, notice: notice), notice: notice)
        } catch let refusal as NewsError {
            return refusing(refusal, notice: notice)
        } catch {
            // Whichever file cannot be used is kept in memory for this run; the other is used.
            do {
                let queue = try makeQueue(cache: nil, state: files.state)
                notice("cannot use the cache at \(files.cache) (\(reason(error))): continuing without a cache")
                return AppDatabase(files: nil, queue: queue, notice: notice)
            } catch let refusal as NewsError {
                return refusing(refusal, notice: notice)
            } catch {}
            if let queue = try? makeQueue(cache: files.cache, state: ":memory:") {
                notice(stateUnsaved(files.state, error))
                return AppDatabase(files: nil, queue: queue, notice: notice)
            }
            notice("cannot use the cache at \(files.cache) or your reading state in \(files.state) (\(reason(error))): continuing without them")
            return AppDatabase(files: nil, queue: try! makeQueue(cache: nil, state: ":memory:"), notice: notice)
        }
    }

    /// A database that throws `refusal` at every use. Not one in memory instead: the user
    /// would read without their marks, and lose what they mark.
    private static func refusing(_ refusal: NewsError, notice: @escaping @Sendable (String) -> Void) -> AppDatabase {
        AppDatabase(files: nil, queue: try! DatabaseQueue(), notice: notice, refusal: refusal)
    }

    /// The cache may hold a private site's posts, and the state what the user read: their
    /// directories are made 0700 and the files 0600, whatever the umask. SQLite gives the
    /// `-wal` and `-shm` files it creates the database file's mode.
    private static func keepPrivate(_ files: Files) {
        for path in [files.cache, files.state] {
            let directory = (path as NSString).deletingLastPathComponent
            // A directory that cannot be made is said when its file cannot be opened, just after.
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            chmod(directory, 0o700)
            // An empty file is a new database to SQLite: creating it here sets its mode.
            let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
            if descriptor >= 0 { close(descriptor) }
            for file in [path, path + "-wal", path + "-shm", path + "-journal"] { chmod(file, 0o600) }
        }
    }

    /// The version of the SQLite linked, for `wpnews -v --version`; nil when not even a
    /// database in memory opens, which leaves nothing to ask.
    public static var sqliteVersion: String? {
        try? DatabaseQueue().read { try String.fetchOne($0, sql: "SELECT sqlite_version()") }
    }

    /// Both databases in memory: for tests, and the bundled demo's scratch copy.
    public static func inMemory() throws -> AppDatabase {
        AppDatabase(files: nil, queue: try makeQueue(cache: nil, state: ":memory:"), notice: { _ in })
    }

    /// Folds a long write-ahead log back into its file and empties it, at the end of a run.
    ///
    /// A run ends without closing its connection, so the next one finds the log without its
    /// index and reads every frame in it before the first query; and SQLite restarts a log
    /// only when one process checkpoints and then writes again, which a run that writes once
    /// never does. So the log of the user's state grew by a page a run, and a warm list read
    /// megabytes of it (2 ms after a few hundred runs). Closing would fold it every run, two
    /// fsyncs each; this folds it once it passes `longLog`, about every 60 runs.
    /// Most runs find both logs short and leave the connection alone.
    public func foldLongLogs() {
        guard let files else { return }
        let long = [("main", files.cache), ("state", files.state)].filter { Self.logSize($0.1) > Self.longLog }
        guard !long.isEmpty else { return }
        // Housekeeping: a fold that fails leaves the log as it was, for the next run to fold.
        try? withQueue { queue in
            try queue.writeWithoutTransaction { db in
                // Another wpnews reading now is not waited for: the next run folds it.
                try db.execute(sql: "PRAGMA busy_timeout = 100")
                for (schema, _) in long {
                    try db.execute(sql: "PRAGMA \(schema).wal_checkpoint(TRUNCATE)")
                }
            }
        }
    }

    static let longLog = 256 * 1024

    /// No log file is an empty log. `stat` rather than FileManager, whose attributes come as
    /// `Any` and cost every run a cast through Foundation's bridging (1.6 M instructions).
    static func logSize(_ path: String) -> Int {
        var status = stat()
        return stat(path + "-wal", &status) == 0 ? Int(status.st_size) : 0
    }

    /// Where a write goes when the cache cannot take it (a full disk): a copy of the cache in
    /// memory, the user's state attached as it is, so that what the cache already knew (the
    /// names of authors and categories, the lists) still goes with what was just fetched.
    func scratchCopy() throws -> AppDatabase {
        let copy = try Self.connect(cache: nil, state: files?.state ?? ":memory:")
        try withQueue { try $0.backup(to: copy) }
        try Self.ready(copy)
        return AppDatabase(files: nil, queue: copy, notice: notice)
    }

    // MARK: Access

    /// Reads in one transaction, so every statement of `body` sees the same files. Not
    /// GRDB's `read`: it makes the connection read-only for the while with `PRAGMA
    /// query_only`, and SQLite expires every prepared statement whenever that pragma is set,
    /// so no statement outlived a read and each was compiled again at its next use (a page of
    /// `--all` read from the cache compiled its queries anew: a sixth of the instructions).
    /// The bodies are the store's queries, none of which writes.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try withQueue { queue in
            try queue.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.deferred) {
                    result = try body(db)
                    return .commit
                }
                return result!
            }
        }
    }

    func write<T>(_ body: (Database) throws -> T) throws -> T {
        try withQueue { try $0.write(body) }
    }

    /// Writes, unless the files cannot take it now: the user may not write them, or another
    /// process is writing and does not finish within a moment (not the 15 s a write that must
    /// happen waits). For work a later call does as well (`StoryStore.search` bringing the
    /// index up to date), given up with no error.
    func writeIfFree(_ body: (Database) throws -> Void) throws {
        do {
            try withQueue { queue in
                try queue.writeWithoutTransaction { db in
                    try db.execute(sql: "PRAGMA busy_timeout = 100")
                    defer { try? db.execute(sql: "PRAGMA busy_timeout = \(Int(Self.busyTimeout * 1000))") }
                    try db.inTransaction(.immediate) {
                        try body(db)
                        return .commit
                    }
                }
            }
        } catch let error as DatabaseError where error.isUnwritable || error.resultCode == .SQLITE_BUSY {}
    }

    /// Writes the user's own state (reading marks, the last list shown). When its file cannot
    /// take the write (the user may not write it, or the disk is full), the write is dropped
    /// and `notice` says so once a run: the command still shows all it fetched, and the marks
    /// kept before stay as they were.
    func writeState(_ body: (Database) throws -> Void) throws {
        do {
            try write(body)
        } catch let error as DatabaseError where error.isUnwritable {
            guard !toldStateUnsaved.exchange(true, ordering: .relaxed) else { return }
            let path = try? read { try String.fetchOne($0, sql: "SELECT file FROM pragma_database_list WHERE name = 'state'") }
            notice(Self.stateUnsaved(path ?? files?.state ?? "", error))
        }
    }

    /// For statements that cannot run in a transaction (VACUUM).
    func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try withQueue { try $0.writeWithoutTransaction(body) }
    }

    /// Checks the cache with SQLite's quick check; damage found is recovered from like any other.
    func verify() throws {
        try withQueue { queue in
            let result = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA main.quick_check") }
            guard result == ["ok"] else { throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: result.first) }
        }
    }

    /// Runs `body` on the current connection; if SQLite finds a file damaged, recovers and
    /// runs it once more on the new one.
    private func withQueue<T>(_ body: (DatabaseQueue) throws -> T) throws -> T {
        if let refusal { throw refusal }
        let current = queue.withLock { $0 }
        do {
            return try body(current)
        } catch let error as DatabaseError where error.isDamage && files != nil {
            try recover(after: current)
            return try body(queue.withLock { $0 })
        }
    }

    private func recover(after failed: DatabaseQueue) throws {
        guard let files else { return }
        try queue.withLock { current in
            // Another thread may have recovered already.
            guard current === failed else { return }
            Self.setAsideDamaged(files, notice: notice, blameCache: true)
            current = try Self.makeQueue(cache: files.cache, state: files.state)
        }
    }

    // MARK: Opening

    /// Opens the files; when SQLite says one is damaged, sets it aside and opens again.
    private static func recovering(_ files: Files, notice: @Sendable (String) -> Void) throws -> DatabaseQueue {
        do {
            return try makeQueue(cache: files.cache, state: files.state)
        } catch let error as DatabaseError where error.isDamage {
            setAsideDamaged(files, notice: notice, blameCache: false)
            return try makeQueue(cache: files.cache, state: files.state)
        }
    }

    /// Checks each file on its own and moves the damaged ones aside with their WAL. When
    /// neither check fails (the damage was somewhere a quick check does not look), the cache
    /// is the one set aside if `blameCache`: it is the disposable one.
    private static func setAsideDamaged(_ files: Files, notice: (String) -> Void, blameCache: Bool) {
        let stamp = Int(Date().timeIntervalSince1970)
        let damagedState = !passesQuickCheck(files.state)
        let damagedCache = !passesQuickCheck(files.cache) || (blameCache && !damagedState)
        if damagedCache {
            let aside = setAside(files.cache, stamp: stamp)
            notice("the cache \(files.cache) was damaged: kept it as \(aside) and started a new one (your sites, reading state and saved stories are kept)")
        }
        if damagedState {
            let aside = setAside(files.state, stamp: stamp)
            // The saved stories' articles live in this file too: the user should know where they went.
            notice("your reading state \(files.state) was damaged: kept it as \(aside) and started a new one (what you read, hid and saved "
                   + "is forgotten here; your saved stories are in \(aside), which `sqlite3 \(aside) .recover` may read)")
        }
    }

    private static func passesQuickCheck(_ path: String) -> Bool {
        guard FileManager.default.fileExists(atPath: path) else { return true }
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let result = try DatabaseQueue(path: path, configuration: configuration).read { db in
                try String.fetchAll(db, sql: "PRAGMA quick_check")
            }
            return result == ["ok"]
        } catch let error as DatabaseError {
            return !error.isDamage
        } catch {
            return true
        }
    }

    private static func setAside(_ path: String, stamp: Int) -> String {
        let aside = path + ".damaged-\(stamp)"
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            // A file that cannot be moved is found damaged again when it is opened next, and
            // `open` says it goes on without it.
            try? FileManager.default.moveItem(atPath: path + suffix, toPath: aside + suffix)
        }
        return aside
    }

    private static func makeQueue(cache: String?, state: String) throws -> DatabaseQueue {
        let queue = try connect(cache: cache, state: state)
        try ready(queue)
        return queue
    }

    /// A database over a connection made by `connect` (tests migrate it step by step first).
    init(migrated queue: DatabaseQueue) throws {
        try Self.ready(queue)
        self.files = nil
        self.queue = Mutex(queue)
        self.notice = { _ in }
        self.refusal = nil
    }

    /// How long a write waits for another process's: see `connect`.
    static let busyTimeout: TimeInterval = 15

    /// One connection (a command reads and writes a little, once; a pool's extra connections
    /// cost start-up), WAL so a reader never waits for a writer, and the state attached.
    /// `cache`: nil for memory. Not migrated.
    static func connect(cache: String?, state: String) throws -> DatabaseQueue {
        var configuration = GRDB.Configuration()
        // Processes writing at once (first use, a refresh) wait for each other instead of
        // failing. Generous: on a loaded 2-core machine a first use (the migrations) by four
        // processes at once was seen to take over 5 s, and waiting beats going without a cache.
        configuration.busyMode = .timeout(busyTimeout)
        configuration.prepareDatabase { db in
            try db.execute(sql: "ATTACH DATABASE ? AS state", arguments: [state])
            db.add(function: StoryStore.articleText)
            // Checked before anything is written: a newer wpnews's tables are not this one's to
            // read, migrate "back" or start again.
            if try Int.fetchOne(db, sql: "PRAGMA state.user_version") ?? 0 > Schema.state.count {
                throw NewsError.stateFromNewerWpnews(path: state)
            }
            for schema in ["main", "state"] {
                // A file made just now holds nothing to lose, so it is made (switched to WAL,
                // then given its tables) without waiting for the disk: the fsyncs of making
                // both files were a third of a first run's wall time. A power cut meanwhile
                // can only leave a file damaged, and a damaged file is set aside and made
                // again (`open`). `ready` asks for the disk again before anything is stored.
                // WAL is remembered by the file: set it only when it is not set yet, which every
                // new file is not, so a warm run asks nothing more.
                if try String.fetchOne(db, sql: "PRAGMA \(schema).journal_mode") == "delete" {
                    if try Int.fetchOne(db, sql: "PRAGMA \(schema).page_count") == 0 {
                        try db.execute(sql: "PRAGMA \(schema).synchronous = OFF")
                    }
                    try db.execute(sql: "PRAGMA \(schema).journal_mode = WAL")
                }
            }
        }
        return try cache.map { try DatabaseQueue(path: $0, configuration: configuration) } ?? DatabaseQueue(configuration: configuration)
    }

    /// A connection made by `connect`, migrated and ready for what a command stores: in WAL
    /// mode NORMAL cannot corrupt a file, and a crash loses at most the last commits (FULL
    /// would fsync on every list shown).
    private static func ready(_ queue: DatabaseQueue) throws {
        try Schema.migrate(queue)
        try queue.inDatabase { db in
            for schema in ["main", "state"] {
                try db.execute(sql: "PRAGMA \(schema).synchronous = NORMAL")
            }
        }
    }

    /// Why a file could not be used, in plain words where SQLite's would puzzle.
    static func reason(_ error: any Error) -> String {
        guard let error = error as? DatabaseError else { return (error as NSError).localizedDescription }
        switch error.resultCode {
        case .SQLITE_FULL: return "the disk is full"
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN: return "you may not write there"
        default: return error.message ?? "SQLite error \(error.resultCode)"
        }
    }

    /// The one line that says the user's state at `path` cannot be saved, and what to do.
    static func stateUnsaved(_ path: String, _ error: any Error) -> String {
        let directory = (path as NSString).deletingLastPathComponent
        let remedy = (error as? DatabaseError)?.resultCode == .SQLITE_FULL
            ? "free some space on its disk"
            : "check the owner and permissions of that directory and its files"
        return "warning: cannot save your reading state in \(directory) (\(reason(error))): what you read is not remembered; \(remedy)"
    }
}

extension DatabaseError {
    /// SQLite says the file is not a database, or a damaged one.
    var isDamage: Bool { [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(resultCode) }

    /// SQLite could not write the file: it is not the user's to write, or the disk is full.
    var isUnwritable: Bool { [.SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN, .SQLITE_FULL, .SQLITE_IOERR].contains(resultCode) }
}
