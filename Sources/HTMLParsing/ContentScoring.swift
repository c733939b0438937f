import CLibXML2

/// Finds a page's article when nothing marks it, by scoring its blocks, after the idea
/// Arc90's Readability made known: text lives in paragraphs, and the element that holds the
/// most paragraph text, with the fewest links, is the article.
///
/// - Every paragraph (a `p` or `pre`, or a `div`, `td` or `section` holding text but no
///   blocks, which is how pages without `<p>` write paragraphs) of 25 characters or more,
///   not mostly links, scores 1, plus 1 a comma (prose has commas, menus do not), plus 1 a hundred characters
///   up to 3.
/// - Its parent gets the whole score, its grandparent half, the elements above a third of
///   that a level more. Each element starts from what its tag says (a `div` is likelier a
///   container of prose than a list is) and from its class and id (`FurnitureRules.weight`).
/// - An element's score is then cut by the share of its text inside links.
/// - The best element wins, and so do those of its siblings that score near it, paragraphs
///   of its own with few links, and the pictures beside it.
struct ContentScoring {
    let tree: PageTree

    /// The least text outside links, in characters, that is an article rather than a stray
    /// caption or a page of headlines.
    static let minimumText = 100

    /// The elements that make up the article, in document order; nil when nothing scores.
    func article() -> [Int]? {
        let scores = scoreCandidates()
        guard let (top, topScore) = scores.max(by: { $0.value < $1.value }), topScore > 0 else { return nil }
        let chosen = withSiblings(of: top, scoring: topScore, scores: scores)
        let text = chosen.reduce(0) { $0 + tree.elements[$1].textLength - tree.elements[$1].linkTextLength }
        return text >= Self.minimumText ? chosen : nil
    }

    /// The final score of every element a paragraph passed its score to.
    private func scoreCandidates() -> [Int: Double] {
        let elements = tree.elements
        var scores: [Int: Double] = [:]
        for index in elements.indices where isParagraph(elements[index]) {
            let paragraph = elements[index]
            // A headline that links to another story is no paragraph of this one.
            guard paragraph.textLength >= 25, paragraph.linkDensity < 0.5 else { continue }
            let score = 1 + Double(paragraph.commas) + Double(min(paragraph.textLength / 100, 3))
            var ancestor = paragraph.parent
            var level = 0
            while ancestor >= 0, level < 5 {
                let share: Double = level == 0 ? 1 : level == 1 ? 2 : Double(level * 3)
                scores[ancestor, default: startingScore(of: elements[ancestor])] += score / share
                ancestor = elements[ancestor].parent
                level += 1
            }
        }
        for (index, score) in scores {
            scores[index] = score * (1 - elements[index].linkDensity)
        }
        return scores
    }

    private func isParagraph(_ element: PageTree.Element) -> Bool {
        guard !element.isFurniture, !element.insideFurniture else { return false }
        switch element.tag {
        case .p, .pre: return true
        case .div, .section, .td, .article, .main: return !element.holdsBlocks
        default: return false
        }
    }

    private func startingScore(of element: PageTree.Element) -> Double {
        let byTag: Double = switch element.tag {
        case .div, .article, .main: 5
        case .pre, .td, .blockquote: 3
        case .address, .ol, .ul, .dl, .dd, .dt, .li, .form: -3
        case .h1, .h2, .h3, .h4, .h5, .h6, .th: -5
        default: 0
        }
        return byTag + FurnitureRules.weight(of: element.hints)
    }

    private func sharesClass(_ one: PageTree.Element, _ other: PageTree.Element) -> Bool {
        guard let classes = PageTree.attribute("class", of: one.node), !classes.isEmpty else { return false }
        return classes == PageTree.attribute("class", of: other.node)
    }

    /// The winner and the siblings that belong with it: one that scores at least a fifth of
    /// the winner (more easily when it shares the winner's class), a paragraph of its own of
    /// more than 80 characters with few links, or a short one with none, and a figure.
    private func withSiblings(of top: Int, scoring topScore: Double, scores: [Int: Double]) -> [Int] {
        let elements = tree.elements
        let parent = elements[top].parent
        guard parent >= 0 else { return [top] }
        let threshold = max(10, topScore * 0.2)
        var chosen: [Int] = []
        var child = elements[parent].node.pointee.children
        while let node = child {
            child = node.pointee.next
            guard node.pointee.type == XML_ELEMENT_NODE, let index = PageTree.index(of: node) else { continue }
            let sibling = elements[index]
            if index == top {
                chosen.append(index)
                continue
            }
            guard !sibling.isFurniture else { continue }
            let bonus = sharesClass(sibling, elements[top]) ? topScore * 0.2 : 0
            if let score = scores[index], score + bonus >= threshold {
                chosen.append(index)
            } else if isParagraph(sibling) || sibling.tag == .p {
                let length = sibling.textLength
                if length > 80 && sibling.linkDensity < 0.25 || length > 0 && sibling.linkTextLength == 0 && sibling.commas + length / 40 > 0 {
                    chosen.append(index)
                }
            } else if sibling.tag == .figure || sibling.tag == .img, sibling.linkDensity < 0.5 {
                chosen.append(index)
            }
        }
        return chosen
    }
}
