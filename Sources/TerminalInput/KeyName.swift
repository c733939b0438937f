import TextSafety

/// Keys by the names a user writes for them in `config.toml` and reads in the app's help.
///
/// A name of one character is that character, case and all ("U" is not "u"). Longer names
/// ignore case: "enter", "space", "tab", "shift-tab", "backspace", "delete", "esc" or
/// "escape", "up", "down", "left", "right", "home", "end", "pgup" or "pageup", "pgdn" or
/// "pagedown", "ctrl-a" ... "ctrl-z", "wheel-up", "wheel-down".
extension Key {
    /// The key a name stands for; nil for a name no key has. "ctrl-h", "ctrl-i", "ctrl-j" and
    /// "ctrl-m" are no names: terminals send them as Backspace, Tab and Enter, so a binding for
    /// them would take those keys instead, or never fire.
    public init?(name: String) {
        if name.count == 1, let character = name.first {
            // The decoder never gives these as characters, and the help would print the name.
            guard !character.unicodeScalars.contains(where: SafeText.isUnsafe) else { return nil }
            self = .character(character)
            return
        }
        let lowercased = name.lowercased()
        if lowercased.hasPrefix(Self.controlPrefix) {
            let letter = lowercased.dropFirst(Self.controlPrefix.count)
            guard letter.count == 1, let letter = letter.first, letter.isASCII, letter.isLetter, !"hijm".contains(letter) else {
                return nil
            }
            self = .control(letter)
            return
        }
        guard let key = Self.keysByName[lowercased] else { return nil }
        self = key
    }

    /// The name `init(name:)` reads back as this key, in its shortest spelling.
    public var name: String {
        switch self {
        case .character(" "): "space"
        case .character(let character): String(character)
        case .enter: "enter"
        case .backspace: "backspace"
        case .delete: "delete"
        case .tab: "tab"
        case .backTab: "shift-tab"
        case .escape: "esc"
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        case .home: "home"
        case .end: "end"
        case .pageUp: "pgup"
        case .pageDown: "pgdn"
        case .control(let letter): Self.controlPrefix + String(letter)
        case .wheelUp: "wheel-up"
        case .wheelDown: "wheel-down"
        // No name reads back as a click: a place on the screen is no key to bind.
        case .mouse: "mouse"
        }
    }

    private static let controlPrefix = "ctrl-"

    /// The keys with a word for a name, by each of their names.
    private static let keysByName: [String: Key] = {
        let keys: [Key] = [
            .enter, .character(" "), .tab, .backTab, .backspace, .delete, .escape,
            .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .wheelUp, .wheelDown,
        ]
        var byName = Dictionary(uniqueKeysWithValues: keys.map { ($0.name, $0) })
        byName["escape"] = .escape
        byName["pageup"] = .pageUp
        byName["pagedown"] = .pageDown
        return byName
    }()
}
