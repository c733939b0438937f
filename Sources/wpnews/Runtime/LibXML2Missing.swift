import HTMLParsing
import NewsCore

/// libxml2's shim (Sources/CLibXML2/shim.h) calls this when the library cannot be loaded, on
/// whichever thread first needed it, in the middle of a command that cannot go on: the run
/// ends as a failed command does, with one line naming the package, its progress line
/// erased first. The app loads libxml2 before it takes the terminal (`AppRuntime`), so no
/// full screen is ever left behind here.
@_cdecl("wpnews_xml_unavailable")
func libxml2Missing(_ detail: UnsafePointer<CChar>) {
    ProgressLine.eraseShown()
    Output.process.note("wpnews: " + ErrorMessage.line(for: LibXML2Unavailable(detail: String(cString: detail))))
    WPNews.end(1)
}
