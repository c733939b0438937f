/// Failures that belong to wpnews's own rules rather than to HTTP or WordPress.
public enum NewsError: Error, Sendable, Equatable, CustomStringConvertible {
    case pageOutOfRange(page: Int, totalPages: Int)

    public var description: String {
        switch self {
        case .pageOutOfRange(let page, let totalPages):
            totalPages == 0
                ? "page \(page) does not exist: the list is empty"
                : "page \(page) of \(totalPages) does not exist: the last page is \(totalPages)"
        }
    }
}
