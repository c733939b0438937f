import ArgumentParser
import Foundation
import NewsCore
import TerminalImages
import TerminalRender

/// How pictures are shown: `--images MODE`, else `[images] mode`, else `auto`.
enum ImageMode: String, CaseIterable, ExpressibleByArgument, Sendable {
    case auto, kitty, sixel, iterm, symbols, none
}

/// The pictures of one article: which may be fetched, how long to wait for them, and how
/// they are drawn. Made from the options, the settings and where the output goes.
struct Pictures: Sendable {
    let drawing: SymbolPicture
    let cache: ImageCache
    let policy: ImageSourcePolicy
    let wait: Duration
    /// The most cells a picture takes: the text's width, half the screen's height.
    let box: CellSize

    /// Nil when pictures are not shown: `none`, `--json`, or `auto` on output that is not a
    /// colour terminal. Graphics protocols (kitty, sixel, iTerm2) are drawn with symbols for
    /// now, and so is `auto` on a terminal, which also suits the pager (less shows no graphics).
    init?(mode option: ImageMode?, context: CommandContext, content: ContentManager) {
        let configured = context.settings.images?.mode.flatMap(ImageMode.init(rawValue:))
        let mode = option ?? configured ?? .auto
        guard !context.options.json, mode != .none else { return nil }
        if mode == .auto, !context.colors { return nil }
        let environment = context.environment
        let trueColor = ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "")
        drawing = SymbolPicture(colors: trueColor ? .trueColor : .indexed256)
        cache = context.imageCache
        policy = content.imageSourcePolicy(remote: context.settings.images?.remote ?? true)
        wait = .milliseconds(context.settings.images?.waitMilliseconds ?? 1_500)
        box = CellSize(columns: context.width, rows: max(4, (context.terminal.rows ?? 24) / 2))
    }

    /// The files of `addresses` that arrive within the wait, fetched at once (the client
    /// keeps to the per-host limit); cached ones answer at once.
    func files(_ addresses: [String], content: ContentManager) async -> [String: String] {
        let (cache, policy, maxBytes, wait) = (cache, policy, drawing.limits.maxBytes, wait)
        return await withTaskGroup(of: (String, String?)?.self) { group in
            for address in addresses {
                group.addTask { (address, await content.imageFile(address, cache: cache, policy: policy, maxBytes: maxBytes)) }
            }
            group.addTask {
                try? await Task.sleep(for: wait)
                return nil
            }
            var files: [String: String] = [:]
            var pending = addresses.count
            while pending > 0, let result = await group.next() {
                guard let (address, file) = result else { break }
                pending -= 1
                if let file { files[address] = file }
            }
            group.cancelAll()
            return files
        }
    }

    /// The article's lines with the pictures that came drawn in place; the rest stay placeholders.
    func insert(into lines: [StyledLine], featured: String?, content: ContentManager) async -> [StyledLine] {
        let files = await files(PictureSlots.addresses(in: lines, featured: featured), content: content)
        guard !files.isEmpty else { return lines }
        return PictureSlots.inserting(into: lines, featured: featured) { address in
            files[address].flatMap { try? drawing.lines(path: $0, box: box) }
        }
    }
}
