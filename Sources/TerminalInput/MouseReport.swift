/// A click, a release or a move of the mouse, as a terminal reports it while mouse reporting
/// is on. The wheel is not one of these: it comes as keys (`Key.wheelUp`, `Key.wheelDown`),
/// so the key map can bind it.
public struct MouseReport: Sendable, Hashable {
    public enum Button: Sendable, Hashable {
        case left, middle, right
    }

    public enum Action: Sendable, Hashable {
        case press, release
        /// The mouse moved (with a button held: a drag).
        case motion
    }

    public struct Modifiers: OptionSet, Sendable, Hashable {
        public let rawValue: Int

        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        public static let shift = Modifiers(rawValue: 1)
        public static let alt = Modifiers(rawValue: 2)
        public static let control = Modifiers(rawValue: 4)
    }

    /// Nil when the terminal does not say: an X10 release, a move with no button held.
    public let button: Button?
    public let action: Action
    /// The cell, counted from 0 at the top left (terminals count from 1).
    public let column: Int
    public let row: Int
    public let modifiers: Modifiers

    public init(button: Button?, action: Action, column: Int, row: Int, modifiers: Modifiers = []) {
        self.button = button
        self.action = action
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }

    /// The report a mouse report's numbers make; nil for the wheel (a key), the sideways wheel
    /// and buttons 8 to 11 (nothing uses them), and for cells outside the screen (0 or less).
    ///
    /// The button number's low two bits are the button (3: released, in X10), then 4 Shift,
    /// 8 Alt, 16 Ctrl, 32 motion, 64 the wheel, 128 the extra buttons. SGR says a release by
    /// its final byte instead (`sgrRelease`).
    init?(code: Int, column: Int, row: Int, sgrRelease: Bool) {
        guard code & (64 | 128) == 0, column >= 1, row >= 1 else { return nil }
        let buttons: [Button?] = [.left, .middle, .right, nil]
        button = buttons[code & 3]
        action = code & 32 != 0 ? .motion : sgrRelease || button == nil ? .release : .press
        self.column = column - 1
        self.row = row - 1
        var modifiers: Modifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        self.modifiers = modifiers
    }
}
