// libxml2's HTML parser. xmlFree is a function-pointer variable, which Swift cannot
// call directly: wrap it.
#ifndef WPNEWS_CLIBXML2_SHIM_H
#define WPNEWS_CLIBXML2_SHIM_H
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/tree.h>

static inline void wpnews_xml_free(void *pointer) {
    xmlFree(pointer);
}
#endif
