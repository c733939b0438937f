import CLibXML2

/// The HTML elements the article reader treats specially; every other element (`span`,
/// `font`, `time`, `picture`, custom elements ...) is `other`: its text flows through.
package enum HTMLTag: String, Sendable, CaseIterable {
    // Text blocks, and blocks that only group other blocks.
    case p, div, section, article, header, footer, main, aside, nav, address, center, hgroup
    case h1, h2, h3, h4, h5, h6
    case pre, listing, xmp, plaintext
    case blockquote, figure, figcaption, details, summary
    case ul, ol, menu, dir, li, dl, dt, dd
    case table, caption, thead, tbody, tfoot, tr, td, th
    case hr, br
    // Inline formatting.
    case a, b, strong, i, em, u, ins, s, strike, del, code, kbd, samp, tt, `var`, mark
    case sup, sub, small, abbr, acronym, q, cite, dfn
    // Media, shown as labelled links.
    case img, iframe, audio, video, embed, object, source
    // MathML elements whose structure the text needs (`MathFormula`); tokens and rows are `other`.
    case math, annotation, annotationXML = "annotation-xml"
    case msup, msub, msubsup, mfrac, msqrt, mroot, munder, mover, munderover
    // Not content: dropped with everything inside (a search form is shown: `SearchForm`).
    case script, style, noscript, template, svg, head, title, meta, link, base
    case form, input, select, option, textarea, label, fieldset, legend, output
    // A button's text is kept: an accordion's title is one.
    case button
    case datalist, meter, progress, canvas, map, area, dialog, frameset, frame, noframes
    case other

    /// libxml2 gives element names in lower case.
    package init(name: String) {
        self = HTMLTag(rawValue: name) ?? .other
    }

    /// The tag of an element name as libxml2 keeps it (NUL-terminated), read from its bytes
    /// as `MarkupText` reads names, making no string. The tree libxml2's HTML parser builds
    /// keeps a copy of the name in every element (it has no dictionary), so a name's address
    /// cannot stand for it, as it does in `HTMLDocument`'s events.
    init(libxml2Name name: UnsafePointer<xmlChar>) {
        var key = MarkupText.Name()
        var byte = name
        while byte.pointee != 0 {
            guard key.length < 16 else {
                self = .other
                return
            }
            key.append(byte.pointee)
            byte += 1
        }
        self = MarkupText.tags[key] ?? .other
    }

    package var headingLevel: Int? {
        switch self {
        case .h1: 1
        case .h2: 2
        case .h3: 3
        case .h4: 4
        case .h5: 5
        case .h6: 6
        default: nil
        }
    }

    /// Elements whose content is never shown: scripts, styles, forms, vector drawings.
    package var isDropped: Bool {
        switch self {
        case .script, .style, .noscript, .template, .svg, .head, .title, .meta, .link, .base,
             .form, .input, .select, .option, .textarea, .label, .fieldset, .legend, .output,
             .datalist, .meter, .progress, .canvas, .map, .area, .dialog, .frameset, .frame, .noframes:
            true
        default:
            false
        }
    }

    /// Elements that start and end a block but hold no structure of their own.
    package var isPlainBlock: Bool {
        switch self {
        case .p, .div, .section, .article, .header, .footer, .main, .aside, .nav, .address, .center, .hgroup:
            true
        default:
            false
        }
    }

    package var isPreformatted: Bool {
        switch self {
        case .pre, .listing, .xmp, .plaintext: true
        default: false
        }
    }

    package var isList: Bool {
        switch self {
        case .ul, .ol, .menu, .dir: true
        default: false
        }
    }

    /// Whether the element separates the words before and after it, as blocks, line breaks
    /// and pictures do; formatting, `span` and unknown elements sit inside a line of text.
    package var separatesWords: Bool {
        switch self {
        case .a, .b, .strong, .i, .em, .u, .ins, .s, .strike, .del, .code, .kbd, .samp, .tt, .var, .mark,
             .sup, .sub, .small, .abbr, .acronym, .q, .cite, .dfn, .other:
            false
        default:
            true
        }
    }
}
