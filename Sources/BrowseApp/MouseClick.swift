import TerminalInput

/// Clicks: the left button pressed on a tab, a row or a numbered link of the frame shown
/// does what the keys would. Anything else (another button, a release, a click with Shift,
/// Alt or Ctrl held, a click on nothing, one while help or a prompt is up) does nothing.
extension AppState {
    mutating func click(_ report: MouseReport, on map: ScreenMap) -> [Effect] {
        guard mouse, report.button == .left, report.action == .press, report.modifiers.isEmpty, !showsHelp, prompt == nil,
              map.tab == tab, map.screenID == screen?.id, let target = map.target(column: report.column, line: report.row)
        else { return [] }
        status = nil
        switch target {
        case .tab(let tab):
            return open(tab)
        case .row(let row):
            guard var screen else { return [] }
            // A second click on the selected row opens it, as Enter does.
            if screen.cursor == row { return perform(.open) ?? [] }
            screen.cursor = row
            replaceTop(keepingCursorInView(screen))
            return []
        case .link(let number):
            // As if its number were typed, then Enter.
            linkNumber = String(number)
            defer { linkNumber = "" }
            return perform(.open) ?? []
        }
    }
}
