import FoundationEssentials

public struct Comment: Sendable, Hashable, Identifiable {
    public let id: Int
    /// The comment this one answers; nil at the top of a thread.
    public let parent: Int?
    public let author: String
    public let date: Date
    public let html: String

    public init(id: Int, parent: Int?, author: String, date: Date, html: String) {
        self.id = id
        self.parent = parent
        self.author = author
        self.date = date
        self.html = html
    }
}
