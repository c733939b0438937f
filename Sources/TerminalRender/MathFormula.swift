import HTMLParsing

/// A MathML formula (`<math>`), read element by element and made into one line of text:
/// the TeX source alone when the formula carries it (`<annotation encoding="application/x-tex">`),
/// else the formula written out with `^`, `_`, `/`, `√` and parentheses, as one would type it.
/// Read as it is, MathML's text runs together (`x=−b±b2−4ac2a`): the structure is the meaning.
struct MathFormula {
    /// An element of the formula, or a piece of its text.
    private struct Node {
        let tag: HTMLTag
        var isTeX = false
        /// A piece of text rather than an element.
        var text: String?
        var children: [Node] = []

        /// A token (`mi`, `mn`, `mo` ...): nothing but text. A token needs no parentheses
        /// around it, however long (`x^10`, `sin^2`).
        var isToken: Bool { children.count == 1 && children[0].text != nil }
    }

    private var openNodes: [Node] = [Node(tag: .math)]
    private var formula: Node?
    /// The formula is written out recursively: elements deeper than `maximumDepth` join the
    /// one at that depth, their text with it, so a hostile post cannot exhaust the stack.
    static let maximumDepth = 32
    private var elementsTooDeep = 0

    mutating func open(_ element: HTMLElement) {
        guard openNodes.count < Self.maximumDepth else {
            elementsTooDeep += 1
            return
        }
        let encoding = element.attribute("encoding")?.lowercased() ?? ""
        openNodes.append(Node(tag: element.tag, isTeX: element.tag == .annotation && encoding.contains("tex")))
    }

    mutating func text(_ text: String) {
        let trimmed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !trimmed.isEmpty else { return }
        openNodes[openNodes.count - 1].children.append(Node(tag: .other, text: trimmed))
    }

    /// Ends the innermost open element; true when that was the `math` element itself.
    mutating func close() -> Bool {
        guard elementsTooDeep == 0 else {
            elementsTooDeep -= 1
            return false
        }
        let node = openNodes.removeLast()
        guard !openNodes.isEmpty else {
            formula = node
            return true
        }
        openNodes[openNodes.count - 1].children.append(node)
        return false
    }

    /// The formula as one line; empty when it has no text.
    var line: String {
        guard let formula else { return "" }
        return Self.tex(in: formula) ?? Self.linear(formula)
    }

    private static func tex(in node: Node) -> String? {
        if node.isTeX { return node.children.compactMap(\.text).joined(separator: " ") }
        for child in node.children {
            if let tex = tex(in: child) { return tex }
        }
        return nil
    }

    private static func linear(_ node: Node) -> String {
        if let text = node.text { return text }
        let parts = node.children
        let arguments = parts.filter { $0.text == nil }
        func argument(_ index: Int) -> String { grouped(arguments[index]) }
        switch node.tag {
        case .annotation, .annotationXML:
            return ""
        case .msup where arguments.count == 2, .mover where arguments.count == 2:
            return argument(0) + "^" + argument(1)
        case .msub where arguments.count == 2, .munder where arguments.count == 2:
            return argument(0) + "_" + argument(1)
        case .msubsup where arguments.count == 3, .munderover where arguments.count == 3:
            return argument(0) + "_" + argument(1) + "^" + argument(2)
        case .mfrac where arguments.count == 2:
            return argument(0) + "/" + argument(1)
        case .mroot where arguments.count == 2:
            return "√[" + linear(arguments[1]) + "](" + linear(arguments[0]) + ")"
        case .msqrt:
            return "√(" + parts.map(linear).joined() + ")"
        default:
            return parts.map(linear).joined()
        }
    }

    /// An argument of `^`, `_` or `/`: in parentheses unless it is one token.
    private static func grouped(_ node: Node) -> String {
        let text = linear(node)
        return node.isToken || text.count <= 1 ? text : "(" + text + ")"
    }
}
