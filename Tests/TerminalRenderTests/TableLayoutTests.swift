import Testing
@testable import TerminalRender
import NewsModels

@Suite struct TableLayoutTests {
    static let fares = """
        <table><thead><tr><th>Ticket</th><th>Adult</th><th>Child</th></tr></thead>
        <tbody><tr><td>Single</td><td>$2.50</td><td>$1.00</td></tr>
        <tr><td>Ten-trip card, valid for a year</td><td>$20</td><td>free</td></tr></tbody></table>
        """

    func render(_ html: String, width: Int) -> [String] {
        ArticleLayout(width: width).lines(for: Article(html: html)).map(\.plainText)
    }

    @Test func aTableThatFitsGetsItsNaturalWidths() {
        #expect(render(Self.fares, width: 60) == [
            "┌─────────────────────────────────┬───────┬───────┐",
            "│ Ticket                          │ Adult │ Child │",
            "╞═════════════════════════════════╪═══════╪═══════╡",
            "│ Single                          │ $2.50 │ $1.00 │",
            "│ Ten-trip card, valid for a year │   $20 │ free  │",
            "└─────────────────────────────────┴───────┴───────┘",
        ])
    }

    @Test func narrowerColumnsWrapTheirCellsAndRuleTheRows() {
        #expect(render(Self.fares, width: 36) == [
            "┌──────────────────┬───────┬───────┐",
            "│ Ticket           │ Adult │ Child │",
            "╞══════════════════╪═══════╪═══════╡",
            "│ Single           │ $2.50 │ $1.00 │",
            "├──────────────────┼───────┼───────┤",
            "│ Ten-trip card,   │   $20 │ free  │",
            "│ valid for a year │       │       │",
            "└──────────────────┴───────┴───────┘",
        ])
    }

    /// At 30 columns the first column would get 10, and its prose would wrap a few words a
    /// line; at 20 even the longest words do not fit.
    @Test(arguments: [30, 20])
    func tooNarrowForColumnsBecomesHeaderValueLines(width: Int) {
        #expect(render(Self.fares, width: width) == (width == 30 ? [
            "Ticket: Single",
            "Adult: $2.50",
            "Child: $1.00",
            "",
            "Ticket: Ten-trip card, valid",
            "for a year",
            "Adult: $20",
            "Child: free",
        ] : [
            "Ticket: Single",
            "Adult: $2.50",
            "Child: $1.00",
            "",
            "Ticket: Ten-trip",
            "card, valid for a",
            "year",
            "Adult: $20",
            "Child: free",
        ]))
    }

    @Test(arguments: Array(8...90))
    func noLineIsWiderThanTheWidth(width: Int) throws {
        let html = try ArticleGoldenTests.html("tables")
        let article = Article(html: html)
        expectFits(ArticleLayout(width: width).lines(for: article), width: width, links: article.links)
    }

    @Test func spanningCellsMeetTheRulesAroundThem() {
        let html = "<table><tr><th>A</th><th>B</th><th>C</th></tr><tr><td colspan=\"2\">wide</td><td>c</td></tr></table>"
        #expect(render(html, width: 40) == [
            "┌───┬───┬───┐",
            "│ A │ B │ C │",
            "╞═══╧═══╪═══╡",
            "│ wide  │ c │",
            "└───────┴───┘",
        ])
    }

    /// No rule is drawn across a cell spanning rows; the rows are ruled, so that the span
    /// shows even when no cell wraps.
    @Test func aCellSpanningRowsIsOneCell() {
        let html = "<table><tr><td rowspan=\"2\">tall</td><td>1</td></tr><tr><td>2</td></tr></table>"
        #expect(render(html, width: 40) == [
            "┌──────┬───┐",
            "│ tall │ 1 │",
            "│      ├───┤",
            "│      │ 2 │",
            "└──────┴───┘",
        ])
    }

    @Test func textFlowsDownThroughTheRowsACellSpans() {
        let html = "<table><tr><td rowspan=\"2\">Millbrook weir, which reports every fifteen minutes</td><td>1.91</td></tr>"
            + "<tr><td>1.88</td></tr></table>"
        #expect(render(html, width: 30) == [
            "┌─────────────────────┬──────┐",
            "│ Millbrook weir,     │ 1.91 │",
            "│ which reports every ├──────┤",
            "│ fifteen minutes     │ 1.88 │",
            "└─────────────────────┴──────┘",
        ])
    }

    @Test func theLastRowACellSpansGrowsToHoldTheRestOfIt() {
        let html = "<table><tr><td rowspan=\"2\">alpha bravo charlie delta echo foxtrot golf</td><td>a</td></tr>"
            + "<tr><td>b</td></tr></table>"
        #expect(render(html, width: 20) == [
            "┌──────────────┬───┐",
            "│ alpha bravo  │ a │",
            "│ charlie      ├───┤",
            "│ delta echo   │ b │",
            "│ foxtrot golf │   │",
            "└──────────────┴───┘",
        ])
    }

    @Test func aCellSpanningRowsAndColumns() {
        let html = "<table><tr><td colspan=\"2\" rowspan=\"2\">big</td><td>1</td></tr><tr><td>2</td></tr>"
            + "<tr><td>x</td><td>y</td><td>3</td></tr></table>"
        #expect(render(html, width: 40) == [
            "┌───────┬───┐",
            "│ big   │ 1 │",
            "│       ├───┤",
            "│       │ 2 │",
            "├───┬───┼───┤",
            "│ x │ y │ 3 │",
            "└───┴───┴───┘",
        ])
    }

    /// As in HTML, a cell spans rows only within its table head, and a cell that would run
    /// into a column held from above stops short of it.
    @Test func spansStayInsideTheHeadAndNeverOverlap() {
        let head = "<table><thead><tr><th rowspan=\"3\">H</th><th>h</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>"
        #expect(render(head, width: 40) == [
            "┌───┬───┐",
            "│ H │ h │",
            "╞═══╪═══╡",
            "│ 1 │ 2 │",
            "└───┴───┘",
        ])
        let overlap = "<table><tr><td>a</td><td rowspan=\"2\">tall</td></tr><tr><td colspan=\"2\">wide</td></tr></table>"
        #expect(render(overlap, width: 40) == [
            "┌──────┬──────┐",
            "│ a    │ tall │",
            "├──────┤      │",
            "│ wide │      │",
            "└──────┴──────┘",
        ])
    }

    @Test func withoutColumnsACellSpanningRowsIsShownOnceUnderItsOwnHeader() {
        let html = "<table><thead><tr><th>Station</th><th>Today</th></tr></thead><tbody><tr><td rowspan=\"2\">Millbrook weir</td>"
            + "<td>1.91</td></tr><tr><td>1.88</td></tr></tbody></table>"
        #expect(render(html, width: 20) == [
            "Station: Millbrook",
            "weir",
            "Today: 1.91",
            "",
            "Today: 1.88",
        ])
    }

    /// More columns than a grid holds: the table is laid out without columns, and shows
    /// every cell.
    @Test func cellsPastTheLastColumnAreShownWithoutColumns() {
        let cells = (1...70).map { "<td>c\($0)</td>" }.joined()
        #expect(render("<table><tr>" + cells + "</tr></table>", width: 40) == (1...70).map { "c\($0)" })
    }

    @Test func numbersAlignRightTextLeft() {
        #expect(TableLayout.isNumber("$14.1m"))
        #expect(TableLayout.isNumber("+12.9%"))
        #expect(TableLayout.isNumber("−2.2%"))
        #expect(TableLayout.isNumber("1,200"))
        #expect(!TableLayout.isNumber("free"))
        #expect(!TableLayout.isNumber("3 items"))
        #expect(!TableLayout.isNumber(""))
    }

    @Test func emptyTablesAreLeftOut() {
        #expect(Article(html: "<table></table><table><tr><td> </td></tr></table>").blocks.isEmpty)
    }
}
