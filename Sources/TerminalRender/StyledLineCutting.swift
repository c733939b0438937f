import DisplayWidth
import NewsModels
import TextSafety

extension StyledLine {
    /// The spans as one line of at most `width` columns: what does not fit is cut, with an
    /// ellipsis where text was cut. For screens drawn a row at a time.
    public init(cutting spans: [Span], toWidth width: Int) {
        var room = width
        var kept: [Span] = []
        for var span in spans {
            // One row each: line breaks in an excerpt or a name would break the frame.
            span.text = SafeText.oneLine(span.text)
            let spanWidth = DisplayWidth.of(span.text)
            if spanWidth <= room {
                kept.append(span)
                room -= spanWidth
                continue
            }
            if room > 1 { kept.append(Span(DisplayWidth.truncated(span.text, fitting: room), span.style)) }
            break
        }
        self.init(kept)
    }
}
