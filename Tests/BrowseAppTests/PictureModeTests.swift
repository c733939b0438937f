import BrowseApp
import NewsCore
import Testing

/// Which pictures are drawn, and how, from the option, the output and the environment.
@Suite struct PictureModeTests {
    @Test func theEnvironmentNamesAGraphicsTerminal() {
        #expect(ImageMode.detected(environment: ["KITTY_WINDOW_ID": "3", "TERM": "xterm-256color"]) == .kitty)
        #expect(ImageMode.detected(environment: ["TERM": "xterm-kitty"]) == .kitty)
        #expect(ImageMode.detected(environment: ["TERM_PROGRAM": "iTerm.app"]) == .iterm)
        #expect(ImageMode.detected(environment: ["TERM_PROGRAM": "WezTerm"]) == .iterm)
        #expect(ImageMode.detected(environment: ["TERM": "foot"]) == .sixel)
        #expect(ImageMode.detected(environment: ["TERM": "mlterm"]) == .sixel)
        #expect(ImageMode.detected(environment: ["TERM": "xterm-256color"]) == .symbols, "xterm may have sixels: `sixel` says so")
        #expect(ImageMode.detected(environment: [:]) == .symbols)
    }

    @Test func picturesAreLeftOutForJSONNoneAndAutoWithoutColour() {
        let kitty = ["KITTY_WINDOW_ID": "1"]
        #expect(ImageMode.drawn(.kitty, json: true, colors: true, environment: kitty) == nil)
        #expect(ImageMode.drawn(.none, json: false, colors: true, environment: kitty) == nil)
        #expect(ImageMode.drawn(.auto, json: false, colors: false, environment: kitty) == nil, "a pipe gets placeholders")
        #expect(ImageMode.drawn(.auto, json: false, colors: true, environment: kitty) == .kitty)
        #expect(ImageMode.drawn(.auto, json: false, colors: true, environment: [:]) == .symbols)
        #expect(ImageMode.drawn(.sixel, json: false, colors: false, environment: [:]) == .sixel, "a mode asked for is kept")
    }

    @Test func onlyGraphicsModesHaveAProtocol() {
        #expect(ImageMode.allCases.filter { $0.graphicsProtocol != nil } == [.kitty, .sixel, .iterm])
        #expect(ImageMode.sixel.graphicsProtocol == .sixel)
    }
}
