// libxml2: its HTML parser for HTMLParsing, its XML parser and writer for FeedFormats, opened
// on first use instead of linked.
//
// Debian's libxml2 brings ICU's common library and its 30 MB of data, liblzma and zlib: the
// dynamic loader mapped and relocated all of them at every start, about half a millisecond of
// a list answered from the cache, which parses no HTML or XML at all. So the first call here
// dlopen()s libxml2 and resolves the functions wpnews uses. The prototypes come from
// libxml2's own headers (__typeof__), so a mismatch cannot compile; the structs wpnews reads
// (nodes, parser contexts, SAX handlers) are the headers' too.
//
// pkg-config gives SwiftPM the headers' path and the library together, so the debug build
// still links libxml2, unused but for one test; the Makefile's release build takes it out of
// the binary's NEEDED entries (scripts/unlink-opened-libraries.sh).
//
// Everything is `static`, as in CCurl's shim: each object file that calls these gets its own
// copy of the table and loads it on first use (dlopen is reference counted).
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
#include <libxml/SAX2.h>
#include <libxml/xmlwriter.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define WPNEWS_XML_SONAME "libxml2.so.2"

struct wpnews_xml_api {
    int loaded;
    char error[256];
    __typeof__(&__xmlParserVersion) parser_version;
    __typeof__(&xmlInitParser) init_parser;
    // HTML
    __typeof__(&htmlNewParserCtxt) html_new_parser_ctxt;
    __typeof__(&htmlFreeParserCtxt) html_free_parser_ctxt;
    __typeof__(&htmlCtxtReadMemory) html_ctxt_read_memory;
    __typeof__(&htmlReadMemory) html_read_memory;
    __typeof__(&htmlEntityLookup) html_entity_lookup;
    __typeof__(&htmlTagLookup) html_tag_lookup;
    __typeof__(&xmlFindCharEncodingHandler) find_char_encoding_handler;
    __typeof__(&xmlCharEncCloseFunc) char_enc_close_func;
    // XML
    __typeof__(&xmlNewParserCtxt) new_parser_ctxt;
    __typeof__(&xmlFreeParserCtxt) free_parser_ctxt;
    __typeof__(&xmlCtxtReadMemory) ctxt_read_memory;
    __typeof__(&xmlCtxtGetLastError) ctxt_get_last_error;
    __typeof__(&xmlStopParser) stop_parser;
    __typeof__(&xmlSAX2EndElementNs) sax2_end_element_ns;
    // Trees
    __typeof__(&xmlDocGetRootElement) doc_get_root_element;
    __typeof__(&xmlFreeDoc) free_doc;
    __typeof__(&xmlFreeNode) free_node;
    __typeof__(&xmlNewDocTextLen) new_doc_text_len;
    __typeof__(&xmlReplaceNode) replace_node;
    __typeof__(&xmlNodeDump) node_dump;
    __typeof__(&xmlStrEqual) str_equal;
    // Writing
    __typeof__(&xmlBufferCreate) buffer_create;
    __typeof__(&xmlBufferContent) buffer_content;
    __typeof__(&xmlBufferFree) buffer_free;
    __typeof__(&xmlNewTextWriterMemory) new_text_writer_memory;
    __typeof__(&xmlFreeTextWriter) free_text_writer;
    __typeof__(&xmlTextWriterSetIndent) text_writer_set_indent;
    __typeof__(&xmlTextWriterStartDocument) text_writer_start_document;
    __typeof__(&xmlTextWriterEndDocument) text_writer_end_document;
    __typeof__(&xmlTextWriterStartElement) text_writer_start_element;
    __typeof__(&xmlTextWriterEndElement) text_writer_end_element;
    __typeof__(&xmlTextWriterWriteAttribute) text_writer_write_attribute;
    __typeof__(&xmlTextWriterWriteString) text_writer_write_string;
};

// Function-local statics: Swift emits the inline functions it calls, not file-scope variables.
static inline struct wpnews_xml_api *wpnews_xml_table(void) {
    static struct wpnews_xml_api table;
    return &table;
}

static inline void wpnews_xml_open(void) {
    struct wpnews_xml_api *api = wpnews_xml_table();
    void *library = dlopen(WPNEWS_XML_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(api->error, sizeof api->error, "%s", dlerror());
        return;
    }
#define WPNEWS_XML_RESOLVE(field, name)                                                       \
    if (!(api->field = (__typeof__(api->field))dlsym(library, #name))) {                      \
        snprintf(api->error, sizeof api->error, "%s has no %s", WPNEWS_XML_SONAME, #name);    \
        return;                                                                               \
    }
    WPNEWS_XML_RESOLVE(parser_version, __xmlParserVersion)
    WPNEWS_XML_RESOLVE(init_parser, xmlInitParser)
    WPNEWS_XML_RESOLVE(html_new_parser_ctxt, htmlNewParserCtxt)
    WPNEWS_XML_RESOLVE(html_free_parser_ctxt, htmlFreeParserCtxt)
    WPNEWS_XML_RESOLVE(html_ctxt_read_memory, htmlCtxtReadMemory)
    WPNEWS_XML_RESOLVE(html_read_memory, htmlReadMemory)
    WPNEWS_XML_RESOLVE(html_entity_lookup, htmlEntityLookup)
    WPNEWS_XML_RESOLVE(html_tag_lookup, htmlTagLookup)
    WPNEWS_XML_RESOLVE(find_char_encoding_handler, xmlFindCharEncodingHandler)
    WPNEWS_XML_RESOLVE(char_enc_close_func, xmlCharEncCloseFunc)
    WPNEWS_XML_RESOLVE(new_parser_ctxt, xmlNewParserCtxt)
    WPNEWS_XML_RESOLVE(free_parser_ctxt, xmlFreeParserCtxt)
    WPNEWS_XML_RESOLVE(ctxt_read_memory, xmlCtxtReadMemory)
    WPNEWS_XML_RESOLVE(ctxt_get_last_error, xmlCtxtGetLastError)
    WPNEWS_XML_RESOLVE(stop_parser, xmlStopParser)
    WPNEWS_XML_RESOLVE(sax2_end_element_ns, xmlSAX2EndElementNs)
    WPNEWS_XML_RESOLVE(doc_get_root_element, xmlDocGetRootElement)
    WPNEWS_XML_RESOLVE(free_doc, xmlFreeDoc)
    WPNEWS_XML_RESOLVE(free_node, xmlFreeNode)
    WPNEWS_XML_RESOLVE(new_doc_text_len, xmlNewDocTextLen)
    WPNEWS_XML_RESOLVE(replace_node, xmlReplaceNode)
    WPNEWS_XML_RESOLVE(node_dump, xmlNodeDump)
    WPNEWS_XML_RESOLVE(str_equal, xmlStrEqual)
    WPNEWS_XML_RESOLVE(buffer_create, xmlBufferCreate)
    WPNEWS_XML_RESOLVE(buffer_content, xmlBufferContent)
    WPNEWS_XML_RESOLVE(buffer_free, xmlBufferFree)
    WPNEWS_XML_RESOLVE(new_text_writer_memory, xmlNewTextWriterMemory)
    WPNEWS_XML_RESOLVE(free_text_writer, xmlFreeTextWriter)
    WPNEWS_XML_RESOLVE(text_writer_set_indent, xmlTextWriterSetIndent)
    WPNEWS_XML_RESOLVE(text_writer_start_document, xmlTextWriterStartDocument)
    WPNEWS_XML_RESOLVE(text_writer_end_document, xmlTextWriterEndDocument)
    WPNEWS_XML_RESOLVE(text_writer_start_element, xmlTextWriterStartElement)
    WPNEWS_XML_RESOLVE(text_writer_end_element, xmlTextWriterEndElement)
    WPNEWS_XML_RESOLVE(text_writer_write_attribute, xmlTextWriterWriteAttribute)
    WPNEWS_XML_RESOLVE(text_writer_write_string, xmlTextWriterWriteString)
#undef WPNEWS_XML_RESOLVE
    // Set up its globals (the encoding handlers among them) now, under its own lock: feeds
    // and titles are parsed on several threads at once, and a lazy set-up crashed then.
    api->init_parser();
    api->loaded = 1;
}

static inline const struct wpnews_xml_api *wpnews_xml_try(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, wpnews_xml_open);
    return wpnews_xml_table();
}

/// NULL once libxml2 is loaded; otherwise why it could not be.
static inline const char *wpnews_xml_load(void) {
    const struct wpnews_xml_api *api = wpnews_xml_try();
    return api->loaded ? NULL : api->error;
}

/// What happens when libxml2 cannot be loaded is the executable's to say: it defines this
/// (`@_cdecl`), prints one line naming the package and ends the run. Weak, so the tests and
/// fuzzers, which define none, still link; there the run aborts.
extern void wpnews_xml_unavailable(const char *why) __attribute__((weak));

/// The table, for the wrappers below: libxml2 is a dependency of every install (the .deb's
/// Depends, install.sh's check), so only a library removed behind the package manager's back
/// gets here unloaded.
static inline const struct wpnews_xml_api *wpnews_xml(void) {
    const struct wpnews_xml_api *api = wpnews_xml_try();
    if (!api->loaded) {
        if (wpnews_xml_unavailable) wpnews_xml_unavailable(api->error);
        abort();
    }
    return api;
}

// The libxml2 calls wpnews makes, under their own names with a `wpnews_` prefix. No logic
// lives here.

/// The loaded libxml2's version as a number, "20914" for 2.9.14. Only once wpnews_xml_load()
/// returned NULL.
static inline const char *wpnews_xmlParserVersion(void) { return *wpnews_xml()->parser_version(); }

static inline htmlParserCtxtPtr wpnews_htmlNewParserCtxt(void) { return wpnews_xml()->html_new_parser_ctxt(); }
static inline void wpnews_htmlFreeParserCtxt(htmlParserCtxtPtr context) { wpnews_xml()->html_free_parser_ctxt(context); }
static inline htmlDocPtr wpnews_htmlCtxtReadMemory(htmlParserCtxtPtr context, const char *buffer, int size, const char *url,
                                                   const char *encoding, int options) {
    return wpnews_xml()->html_ctxt_read_memory(context, buffer, size, url, encoding, options);
}
static inline htmlDocPtr wpnews_htmlReadMemory(const char *buffer, int size, const char *url, const char *encoding, int options) {
    return wpnews_xml()->html_read_memory(buffer, size, url, encoding, options);
}
static inline const htmlEntityDesc *wpnews_htmlEntityLookup(const xmlChar *name) { return wpnews_xml()->html_entity_lookup(name); }
static inline const htmlElemDesc *wpnews_htmlTagLookup(const xmlChar *tag) { return wpnews_xml()->html_tag_lookup(tag); }
static inline xmlCharEncodingHandlerPtr wpnews_xmlFindCharEncodingHandler(const char *name) {
    return wpnews_xml()->find_char_encoding_handler(name);
}
static inline int wpnews_xmlCharEncCloseFunc(xmlCharEncodingHandler *handler) { return wpnews_xml()->char_enc_close_func(handler); }

static inline xmlParserCtxtPtr wpnews_xmlNewParserCtxt(void) { return wpnews_xml()->new_parser_ctxt(); }
static inline void wpnews_xmlFreeParserCtxt(xmlParserCtxtPtr context) { wpnews_xml()->free_parser_ctxt(context); }
static inline xmlDocPtr wpnews_xmlCtxtReadMemory(xmlParserCtxtPtr context, const char *buffer, int size, const char *url,
                                                 const char *encoding, int options) {
    return wpnews_xml()->ctxt_read_memory(context, buffer, size, url, encoding, options);
}
static inline xmlErrorPtr wpnews_xmlCtxtGetLastError(void *context) { return wpnews_xml()->ctxt_get_last_error(context); }
static inline void wpnews_xmlStopParser(xmlParserCtxtPtr context) { wpnews_xml()->stop_parser(context); }
static inline void wpnews_xmlSAX2EndElementNs(void *context, const xmlChar *name, const xmlChar *prefix, const xmlChar *uri) {
    wpnews_xml()->sax2_end_element_ns(context, name, prefix, uri);
}

static inline xmlNodePtr wpnews_xmlDocGetRootElement(const xmlDoc *document) { return wpnews_xml()->doc_get_root_element(document); }
static inline void wpnews_xmlFreeDoc(xmlDocPtr document) { wpnews_xml()->free_doc(document); }
static inline void wpnews_xmlFreeNode(xmlNodePtr node) { wpnews_xml()->free_node(node); }
static inline xmlNodePtr wpnews_xmlNewDocTextLen(xmlDocPtr document, const xmlChar *content, int length) {
    return wpnews_xml()->new_doc_text_len(document, content, length);
}
static inline xmlNodePtr wpnews_xmlReplaceNode(xmlNodePtr old, xmlNodePtr replacement) { return wpnews_xml()->replace_node(old, replacement); }
static inline int wpnews_xmlNodeDump(xmlBufferPtr buffer, xmlDocPtr document, xmlNodePtr node, int level, int format) {
    return wpnews_xml()->node_dump(buffer, document, node, level, format);
}
static inline int wpnews_xmlStrEqual(const xmlChar *left, const xmlChar *right) { return wpnews_xml()->str_equal(left, right); }

static inline xmlBufferPtr wpnews_xmlBufferCreate(void) { return wpnews_xml()->buffer_create(); }
static inline const xmlChar *wpnews_xmlBufferContent(const xmlBuffer *buffer) { return wpnews_xml()->buffer_content(buffer); }
static inline void wpnews_xmlBufferFree(xmlBufferPtr buffer) { wpnews_xml()->buffer_free(buffer); }
static inline xmlTextWriterPtr wpnews_xmlNewTextWriterMemory(xmlBufferPtr buffer, int compression) {
    return wpnews_xml()->new_text_writer_memory(buffer, compression);
}
static inline void wpnews_xmlFreeTextWriter(xmlTextWriterPtr writer) { wpnews_xml()->free_text_writer(writer); }
static inline int wpnews_xmlTextWriterSetIndent(xmlTextWriterPtr writer, int indent) { return wpnews_xml()->text_writer_set_indent(writer, indent); }
static inline int wpnews_xmlTextWriterStartDocument(xmlTextWriterPtr writer, const char *version, const char *encoding,
                                                    const char *standalone) {
    return wpnews_xml()->text_writer_start_document(writer, version, encoding, standalone);
}
static inline int wpnews_xmlTextWriterEndDocument(xmlTextWriterPtr writer) { return wpnews_xml()->text_writer_end_document(writer); }
static inline int wpnews_xmlTextWriterStartElement(xmlTextWriterPtr writer, const xmlChar *name) {
    return wpnews_xml()->text_writer_start_element(writer, name);
}
static inline int wpnews_xmlTextWriterEndElement(xmlTextWriterPtr writer) { return wpnews_xml()->text_writer_end_element(writer); }
static inline int wpnews_xmlTextWriterWriteAttribute(xmlTextWriterPtr writer, const xmlChar *name, const xmlChar *content) {
    return wpnews_xml()->text_writer_write_attribute(writer, name, content);
}
static inline int wpnews_xmlTextWriterWriteString(xmlTextWriterPtr writer, const xmlChar *content) {
    return wpnews_xml()->text_writer_write_string(writer, content);
}
#endif
