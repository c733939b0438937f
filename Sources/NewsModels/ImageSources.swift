/// The renditions an `<img>` offers in its `srcset` (WordPress lists every size it made), so
/// that the smallest one big enough is fetched instead of the original.
public struct ImageSources: Sendable, Hashable {
    public struct Candidate: Sendable, Hashable {
        public let address: String
        /// Pixels wide, from its `w` descriptor.
        public let width: Int
    }

    /// Narrowest first.
    public let candidates: [Candidate]

    /// Renditions named some other way than a `srcset`, such as the sizes the site lists for
    /// a featured picture; those without a width are left out.
    public init(_ renditions: [(address: String, width: Int)]) {
        candidates = renditions.filter { $0.width > 0 }.map { Candidate(address: $0.address, width: $0.width) }.sorted { $0.width < $1.width }
    }

    /// `url 300w, url 480w`: candidates with a width descriptor; density ones (`2x`) say
    /// nothing about size and are left out.
    package init(srcset: String, resolve: (String) -> String?) {
        self.init(srcset.split(separator: ",").compactMap { entry -> (address: String, width: Int)? in
            let words = entry.split(whereSeparator: \.isWhitespace)
            guard words.count == 2, words[1].hasSuffix("w"), let width = Int(words[1].dropLast()),
                  let address = resolve(String(words[0]))
            else { return nil }
            return (address, width)
        })
    }

    /// The narrowest candidate at least `pixels` wide, else the widest; nil without any.
    public func address(forWidth pixels: Int) -> String? {
        (candidates.first { $0.width >= pixels } ?? candidates.last)?.address
    }
}
