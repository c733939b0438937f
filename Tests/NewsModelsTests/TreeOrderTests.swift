import Testing
import NewsModels

@Suite struct TreeOrderTests {
    struct Node: Equatable {
        let id: Int
        let parent: Int?
    }

    /// "id@depth" for each row.
    func rows(_ nodes: [(Int, Int?)]) -> [String] {
        TreeOrder(nodes.map { Node(id: $0.0, parent: $0.1) }, id: \.id, parent: \.parent).rows.map { "\($0.item.id)@\($0.depth)" }
    }

    @Test func eachItemIsFollowedByItsChildrenSiblingsInTheGivenOrder() {
        let nodes = [(1, nil), (2, 1), (3, nil), (4, 2), (5, 1), (6, 3)]
        #expect(rows(nodes) == ["1@0", "2@1", "4@2", "5@1", "3@0", "6@1"])
        #expect(rows(nodes.reversed()) == ["3@0", "6@1", "1@0", "5@1", "2@1", "4@2"])
    }

    @Test func anItemWhoseParentIsMissingStandsAtTheTopWithItsChildren() {
        #expect(rows([(1, nil), (2, 99), (3, 2)]) == ["1@0", "2@0", "3@1"])
    }

    @Test func parentsThatLeadBackToTheItemPutItAtTheTopAndLoseNothing() {
        // 1 and 2 are each other's parent, 3 its own; 4 hangs below the loop.
        #expect(rows([(1, 2), (2, 1), (3, 3), (4, 1)]) == ["1@0", "4@1", "2@0", "3@0"])
    }

    @Test func anIdGivenTwiceCannotLeadTheWalkRound() {
        // By the first 1 and 2 nothing loops; the second ones name each other.
        let rows = rows([(1, nil), (2, nil), (1, 2), (2, 1)])
        #expect(rows.count == 4)
        #expect(rows.filter { $0.hasSuffix("@0") }.count == 2)
    }

    @Test func descendantsAreEverythingBelowInRowOrder() {
        let tree = TreeOrder([Node(id: 1, parent: nil), Node(id: 2, parent: 1), Node(id: 3, parent: 2), Node(id: 4, parent: nil)],
                             id: \.id, parent: \.parent)
        #expect(tree.descendants(of: 1).map(\.id) == [2, 3])
        #expect(tree.descendants(of: 4).isEmpty)
        #expect(tree.descendants(of: 99).isEmpty)
    }

    @Test func noItemsNoRows() {
        #expect(rows([]).isEmpty)
    }
}
