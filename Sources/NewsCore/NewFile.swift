import Glibc
import NewsModels

/// A file of the user's (an export, the followed sites, the credentials), written whole or
/// not at all: the bytes go to a new file beside it, reach the disk, and only then take the
/// name, so a crash or a full disk never leaves half a file there. Named with a rename, never
/// a hard link, which vfat and other filesystems lack.
public enum NewFile {
    /// Writes `bytes` as `path`: over a file already there only when `replacing`, else the
    /// name is taken only while it is free (a file there is `NewFileError.exists`). A new
    /// file gets `mode`, a replaced one keeps its own within it, from the file's first moment: no
    /// one else ever reads a 0600 file's bytes. A link is followed, and the file it names
    /// written (dotfile managers link sites.toml in from elsewhere).
    public static func write(_ bytes: [UInt8], to path: String, replacing: Bool, mode: mode_t = 0o644) throws {
        let target = replacing ? linkedFile(path) : path
        var existing = stat()
        // Never more open than asked: a replaced file keeps what its owner closed of it.
        let kept = replacing && stat(target, &existing) == 0 ? existing.st_mode & mode & 0o777 : nil
        let (temporary, file) = try create(beside: target, mode: kept ?? mode)
        var named = false
        defer { if !named { unlink(temporary) } }
        do {
            defer { close(file) }
            // The mode asked of `open` passes through the umask; a kept one is set as it was.
            if let kept { guard fchmod(file, kept) == 0 else { throw failure(path, errno) } }
            try writeAll(bytes, to: file, path: path)
            guard fsync(file) == 0 else { throw failure(path, errno) }
        }
        if replacing {
            guard rename(temporary, target) == 0 else { throw failure(path, errno) }
        } else {
            try name(temporary, target)
        }
        named = true
        syncDirectory(of: target)
    }

    /// The file a link at `path` names, wherever the links lead, there yet or not; `path`
    /// itself when it is no link. Links that lead round in a circle end the search where the
    /// system's own limit would (`SYMLOOP_MAX`, 40).
    private static func linkedFile(_ path: String) -> String {
        var file = path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(file, &buffer, buffer.count - 1)
            guard count > 0 else { return file }
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // A relative link is read from the folder the link is in.
            file = target.hasPrefix("/") ? target : directory(of: file) + "/" + target
        }
        return file
    }

    /// A new, empty temporary file beside `path`, open for writing. Its name is the process's
    /// and a random number: one left by a run that was killed before its rename (a container
    /// runs wpnews as the same process id each time) is never in the way.
    private static func create(beside path: String, mode: mode_t) throws -> (name: String, descriptor: Int32) {
        while true {
            let name = path + ".wpnews-\(getpid())-\(UInt32.random(in: .min ... .max))"
            let file = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            if file >= 0 { return (name, file) }
            guard errno == EEXIST else { throw failure(path, errno) }
        }
    }

    private static func writeAll(_ bytes: [UInt8], to file: Int32, path: String) throws {
        var rest = bytes[...]
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { Glibc.write(file, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw failure(path, errno) }
            rest = rest.dropFirst(written)
        }
    }

    /// Gives the written file its name unless a file has it: `renameat2` with
    /// RENAME_NOREPLACE does that in one step; a filesystem that refuses the flag gets the name
    /// made exclusively (`O_EXCL`, empty) and then the written file renamed over it.
    private static func name(_ temporary: String, _ path: String) throws {
        if let renameWithoutReplacing, renameWithoutReplacing(AT_FDCWD, temporary, AT_FDCWD, path, renameNoReplace) == 0 { return }
        if renameWithoutReplacing != nil && ![EINVAL, ENOSYS, EOPNOTSUPP].contains(errno) {
            throw errno == EEXIST ? NewFileError.exists(path) : failure(path, errno)
        }
        let claimed = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard claimed >= 0 else { throw errno == EEXIST ? NewFileError.exists(path) : failure(path, errno) }
        close(claimed)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(path)
            throw failure(path, code)
        }
    }

    /// The directory's entry for the new name reaches the disk too. A filesystem that cannot
    /// sync a directory has the file whole all the same, so a failure here is not one.
    private static func syncDirectory(of path: String) {
        let descriptor = open(directory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    private static func directory(of path: String) -> String {
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
        return slash.map { $0 == path.utf8.startIndex ? "/" : String(path[..<$0]) } ?? "."
    }

    private static func failure(_ path: String, _ code: Int32) -> NewFileError {
        .unwritable(path, reason: String(cString: strerror(code)))
    }

    /// RENAME_NOREPLACE, from linux/fs.h, which Swift's Glibc module does not bring in.
    private static let renameNoReplace: UInt32 = 1

    /// glibc's `renameat2` (2.28 and later), found at run time: Swift's Glibc module does not
    /// declare it. Nil with an older glibc, which then takes the name the other way.
    private static let renameWithoutReplacing: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32)? =
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2").map { unsafeBitCast($0, to: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32).self) }
}

public enum NewFileError: ExplainedError, Equatable {
    /// A file has the name, and the write was not to replace one.
    case exists(String)
    case unwritable(String, reason: String)

    public var description: String {
        switch self {
        case .exists(let file): "\(file) already exists"
        case .unwritable(let file, let reason): "cannot write \(file) (\(reason)): check the path"
        }
    }
}
