import BrowseApp
import TerminalImages
import Testing

/// What the app learns from the terminal's replies.
@Suite struct TerminalAbilitiesTests {
    @Test func aTerminalTheEnvironmentNamesIsNotAsked() {
        #expect(!TerminalAbilities(configured: .auto, environment: ["KITTY_WINDOW_ID": "1"], cellPixels: PixelSize(width: 9, height: 18)).listening)
        #expect(!TerminalAbilities(configured: .symbols, environment: [:], cellPixels: nil).listening)
        #expect(!TerminalAbilities(configured: .sixel, environment: [:], cellPixels: PixelSize(width: 9, height: 18)).listening)
        #expect(TerminalAbilities(configured: .sixel, environment: [:], cellPixels: nil).listening, "graphics without a cell size ask for it")
    }

    @Test func repliesChooseKittyOverSixels() {
        var abilities = TerminalAbilities(configured: .auto, environment: ["TERM": "xterm-256color"], cellPixels: nil)
        #expect(abilities.listening && abilities.mode == .auto)
        abilities.read(.kittyGraphics(ok: true))
        abilities.read(.cellSize(width: 9, height: 18))
        abilities.read(.deviceAttributes([62, 4]))
        #expect(abilities.mode == .kitty)
        #expect(abilities.cellPixels == PixelSize(width: 9, height: 18))
        #expect(!abilities.listening, "the device attributes end the replies")
    }

    @Test func sixelsFromTheDeviceAttributesAndNothingFromATerminalWithout() {
        var sixels = TerminalAbilities(configured: .auto, environment: [:], cellPixels: nil)
        sixels.read(.deviceAttributes([62, 4, 22]))
        #expect(sixels.mode == .sixel)
        var plain = TerminalAbilities(configured: .auto, environment: [:], cellPixels: nil)
        plain.read(.deviceAttributes([1, 2]))
        #expect(plain.mode == .auto, "auto stays auto: symbols")
    }

    @Test func aReplyAfterThePatienceRanOutIsLeftAlone() {
        let start = ContinuousClock.now
        var abilities = TerminalAbilities(configured: .auto, environment: [:], cellPixels: nil, now: start)
        abilities.read(.deviceAttributes([62, 4]), now: start + TerminalAbilities.patience + .milliseconds(1))
        #expect(abilities.mode == .auto)
        #expect(!abilities.listening)
    }

    @Test func aConfiguredModeIsNotChangedByReplies() {
        var abilities = TerminalAbilities(configured: .symbols, environment: [:], cellPixels: nil)
        abilities.read(.kittyGraphics(ok: true))
        #expect(abilities.mode == .symbols)
    }

    /// tmux and screen show no graphics, and tmux would take the query for the pane's title.
    @Test func noQueryInsideTmuxOrScreen() {
        #expect(!TerminalAbilities(configured: .auto, environment: ["TMUX": "/tmp/tmux-0/default,1,0"], cellPixels: nil).listening)
        #expect(!TerminalAbilities(configured: .auto, environment: ["STY": "1.pts-0"], cellPixels: nil).listening)
    }

    /// foot draws sixels (the environment says so) but may not fill in its pixel size.
    @Test func graphicsFromTheEnvironmentStillAskForTheCellSize() {
        var abilities = TerminalAbilities(configured: .auto, environment: ["TERM": "foot"], cellPixels: nil)
        #expect(abilities.listening)
        abilities.read(.cellSize(width: 8, height: 17))
        #expect(abilities.cellPixels == PixelSize(width: 8, height: 17))
    }
}
