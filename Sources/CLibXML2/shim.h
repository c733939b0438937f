// libxml2: its HTML parser for TerminalRender, its XML parser and writer for FeedFormats.
#ifndef WPNEWS_CLIBXML2_SHIM_H
#define WPNEWS_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, so its encoding.h would include the system's ICU headers,
// whose types clash with the ICU copy inside Swift's Foundation in any module that sees
// both. wpnews never touches libxml2's encoding handlers (the only ICU-shaped structs), so
// they are left out.
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/tree.h>
#include <libxml/parser.h>
#include <libxml/xmlwriter.h>

/// The linked libxml2's version as a number, "20914" for 2.9.14: a macro Swift cannot call.
static inline const char *wpnews_xml_parser_version(void) { return xmlParserVersion; }
#endif
