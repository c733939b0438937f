/// A full-screen frame as pieces for `ANSIEncoder`: the cursor hidden, each line cleared past
/// its end, the rest of the screen cleared. Where the cursor goes then is `FrameWriter`'s.
public enum ScreenFrame {
    public static func pieces(_ lines: [StyledLine]) -> [ScreenPiece] {
        var pieces: [ScreenPiece] = [.control(.hideCursor), .control(.home)]
        for (index, line) in lines.enumerated() {
            pieces += [.line(line), .control(.clearToEndOfLine)]
            if index < lines.count - 1 { pieces.append(.control(.lineFeed)) }
        }
        pieces.append(.control(.clearBelow))
        return pieces
    }
}
