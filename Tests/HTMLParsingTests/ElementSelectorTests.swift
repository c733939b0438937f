import Testing
@testable import HTMLParsing

/// `ElementSelector(parsing:)`, which `sites set --full-text-selector` asks before it keeps a
/// selector: what it reads, and the reason it gives for what it does not.
@Suite struct ElementSelectorTests {
    @Test func readsTagsClassesIdsDescendantsAndChoices() throws {
        let selector = try ElementSelector(parsing: " DIV.story#main .body ,  *.lead ")
        #expect(selector.choices == [
            [.init(tag: "div", id: "main", classes: ["story"]), .init(classes: ["body"])],
            [.init(classes: ["lead"])],
        ])
    }

    @Test(arguments: [
        ("", "it is empty"),
        ("  ", "it is empty"),
        (" , ", "a choice between its commas is empty"),
        (".story,", "a choice between its commas is empty"),
        ("div > p", "'>' is not read: only a space, for inside, joins elements"),
        ("h2+p", "'+' is not read: only a space, for inside, joins elements"),
        ("a[href]", "'[' is not read: attributes are not read"),
        ("p:first-child", "':' is not read: pseudo-classes are not read"),
        ("div.", "'.' needs a name after it"),
        ("#", "'#' needs a name after it"),
        ("div/p", "'/' is not read: only tags, .class, #id, spaces and commas are read"),
    ])
    func givesTheReasonItCannotRead(text: String, reason: String) {
        #expect(throws: ElementSelector.Unreadable(selector: text, reason: reason)) {
            try ElementSelector(parsing: text)
        }
    }

    @Test func theReasonIsOneLineNamingTheSelector() {
        let error = ElementSelector.Unreadable(selector: "a[href]", reason: "'[' is not read: attributes are not read")
        #expect(error.description == "cannot read the selector 'a[href]': '[' is not read: attributes are not read")
    }
}
