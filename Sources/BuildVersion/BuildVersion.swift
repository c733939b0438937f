/// What this build of wpnews is: the version in the repository's VERSION file (the one
/// source the packages, the manual page and the changelog check also read), and the commit
/// it was built from with that commit's date. The StampVersion plugin writes `stamp` at
/// build time; a build outside a git checkout has no commit.
public struct BuildVersion: Sendable {
    public let version: String
    /// The commit's short hash, nil outside a git checkout.
    public let commit: String?
    /// The commit's date, `YYYY-MM-DD` in UTC: never the build's time, so the same commit
    /// builds the same binary.
    public let commitDate: String?

    public static let current = stamp

    /// `wpnews 0.1.0 (1a2b3c4, 2026-11-26)`, or `wpnews 0.1.0 (commit unknown)` outside git.
    public var line: String {
        guard let commit, let commitDate else { return "wpnews \(version) (commit unknown)" }
        return "wpnews \(version) (\(commit), \(commitDate))"
    }
}
