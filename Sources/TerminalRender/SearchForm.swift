import HTMLParsing

/// A search form (`role="search"`, the block editor's search block, a theme's `search-form`),
/// read element by element and shown as one line, `[Label: ____] [Button]`, so the reader
/// knows the page offers a search. Any other form is left out.
struct SearchForm {
    private var label = ""
    private var buttonText = ""
    /// The field's placeholder and the button's `aria-label`: names when there is no text.
    private var placeholder = ""
    private var buttonName = ""
    private var openTags: [HTMLTag] = [.form]

    static func isSearchForm(_ element: HTMLElement) -> Bool {
        element.tag == .form && (element.attribute("role") == "search" || element.hasClass("wp-block-search")
            || element.hasClass("search-form") || element.hasClass("searchform"))
    }

    mutating func open(_ element: HTMLElement) {
        switch element.tag {
        case .input where element.attribute("type") != "hidden":
            placeholder = element.attribute("placeholder") ?? ""
        case .button:
            buttonName = element.attribute("aria-label") ?? ""
        default:
            break
        }
        openTags.append(element.tag)
    }

    mutating func text(_ text: String) {
        if openTags.contains(.button) {
            buttonText += text
        } else if openTags.contains(.label) {
            label += text
        }
    }

    /// Ends the innermost open element; true when that was the form itself.
    mutating func close() -> Bool {
        openTags.removeLast()
        return openTags.isEmpty
    }

    /// The line: the label, else the placeholder, else the button, names the field; the
    /// button is shown when it says something else.
    var line: String {
        let button = [buttonText, buttonName].map(ArticleBuilder.plainText).first { !$0.isEmpty } ?? ""
        let field = [label, placeholder, button].map(ArticleBuilder.plainText).first { !$0.isEmpty } ?? "Search"
        return "[\(field): ____]" + (button.isEmpty || button == field ? "" : " [\(button)]")
    }
}
