/// A site's `full_text_selector`: the part of CSS a person needs to point at an article's
/// element, `tag`, `.class`, `#id`, `tag.class` and the like, chained by spaces for "inside"
/// (`article .body`), with commas between choices (`.story, .article-body`). Anything else
/// (`>`, `[attribute]`, `:pseudo`) makes it unreadable, with the reason, rather than a guess
/// at what the rest would have matched.
public struct ElementSelector: Sendable {
    /// One element's conditions: each of those given must hold.
    struct Compound: Equatable {
        var tag: String?
        var id: String?
        var classes: [String] = []
    }

    /// Why a selector cannot be read, in words a person can act on.
    public struct Unreadable: Error, Sendable, Equatable, CustomStringConvertible {
        /// The selector as given.
        public let selector: String
        /// What is wrong with it, as a phrase (`'>' is not read: ...`).
        public let reason: String

        public var description: String {
            "cannot read the selector '\(selector)': \(reason)"
        }
    }

    /// The choices; each a chain of compounds, the element itself last.
    let choices: [[Compound]]

    /// Reads a selector as `sites set --full-text-selector` is given it and the extractor
    /// uses it, so a selector that is accepted is one the extractor reads.
    public init(parsing text: String) throws(Unreadable) {
        let unreadable = { (reason: String) in Unreadable(selector: text, reason: reason) }
        guard text.contains(where: { !$0.isWhitespace }) else { throw unreadable("it is empty") }
        var choices: [[Compound]] = []
        for choice in text.split(separator: ",", omittingEmptySubsequences: false) {
            var chain: [Compound] = []
            for word in choice.split(whereSeparator: \.isWhitespace) {
                guard let compound = Self.compound(word) else { throw unreadable(Self.reason(word)) }
                chain.append(compound)
            }
            guard !chain.isEmpty else { throw unreadable("a choice between its commas is empty") }
            choices.append(chain)
        }
        self.choices = choices
    }

    /// `div.story#main`: a tag (or `*`) first, then classes and an id in any order.
    private static func compound(_ text: Substring) -> Compound? {
        var compound = Compound()
        var rest = text[...]
        let tag = rest.prefix(while: isNameCharacter)
        if !tag.isEmpty {
            compound.tag = tag.lowercased()
            rest = rest.dropFirst(tag.count)
        } else if rest.first == "*" {
            rest = rest.dropFirst()
        }
        while let mark = rest.first {
            rest = rest.dropFirst()
            let name = rest.prefix(while: isNameCharacter)
            guard mark == "." || mark == "#", !name.isEmpty else { return nil }
            rest = rest.dropFirst(name.count)
            if mark == "." { compound.classes.append(String(name)) } else { compound.id = String(name) }
        }
        return compound
    }

    /// Why a word is no compound: a mark with no name after it, or the first character
    /// outside the selectors read, with what it would have meant in CSS.
    private static func reason(_ word: Substring) -> String {
        var rest = word.first == "*" ? word.dropFirst() : word.drop(while: isNameCharacter)
        while let mark = rest.first, mark == "." || mark == "#" {
            rest = rest.dropFirst()
            guard let next = rest.first, isNameCharacter(next) else { return "'\(mark)' needs a name after it" }
            rest = rest.drop(while: isNameCharacter)
        }
        let character = rest.first ?? " "
        let meaning = switch character {
        case ">", "+", "~": "only a space, for inside, joins elements"
        case "[": "attributes are not read"
        case ":": "pseudo-classes are not read"
        default: "only tags, .class, #id, spaces and commas are read"
        }
        return "'\(character)' is not read: \(meaning)"
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "-" || character == "_"
    }

    /// Whether the element at `index` is one the selector names.
    func matches(_ index: Int, in tree: PageTree) -> Bool {
        choices.contains { chain in matches(chain, index, in: tree) }
    }

    /// The element matches the chain's last compound, and its ancestors, nearest first, the
    /// others in turn: taking the nearest ancestor that fits is as good as any for "inside".
    private func matches(_ chain: [Compound], _ index: Int, in tree: PageTree) -> Bool {
        guard let last = chain.last, Self.fits(last, tree.elements[index]) else { return false }
        var wanted = chain.count - 2
        var ancestor = tree.elements[index].parent
        while wanted >= 0, ancestor >= 0 {
            if Self.fits(chain[wanted], tree.elements[ancestor]) { wanted -= 1 }
            ancestor = tree.elements[ancestor].parent
        }
        return wanted < 0
    }

    private static func fits(_ compound: Compound, _ element: PageTree.Element) -> Bool {
        if let tag = compound.tag, PageTree.name(of: element.node) != tag { return false }
        if let id = compound.id, PageTree.attribute("id", of: element.node) != id { return false }
        guard !compound.classes.isEmpty else { return true }
        let classes = PageTree.classWords(of: element.node)
        return compound.classes.allSatisfy { name in classes.contains { $0 == name[...] } }
    }
}
