/// A site's `full_text_selector`: the part of CSS a person needs to point at an article's
/// element, `tag`, `.class`, `#id`, `tag.class` and the like, chained by spaces for "inside"
/// (`article .body`), with commas between choices (`.story, .article-body`). Anything else
/// (`>`, `[attribute]`, `:pseudo`) makes it unreadable: nil, rather than a guess at what the
/// rest would have matched.
struct ElementSelector {
    /// One element's conditions: each of those given must hold.
    struct Compound: Equatable {
        var tag: String?
        var id: String?
        var classes: [String] = []
    }

    /// The choices; each a chain of compounds, the element itself last.
    let choices: [[Compound]]

    init?(_ text: String) {
        var choices: [[Compound]] = []
        for choice in text.split(separator: ",") {
            let chain = choice.split(whereSeparator: \.isWhitespace).map(Self.compound)
            guard !chain.isEmpty, !chain.contains(nil) else { return nil }
            choices.append(chain.compactMap(\.self))
        }
        guard !choices.isEmpty else { return nil }
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
            guard !name.isEmpty else { return nil }
            rest = rest.dropFirst(name.count)
            switch mark {
            case ".": compound.classes.append(String(name))
            case "#": compound.id = String(name)
            default: return nil
            }
        }
        return compound
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
