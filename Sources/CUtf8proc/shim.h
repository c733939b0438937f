// utf8proc through a module map of our own: its pkg-config file defines UTF8PROC_EXPORTS,
// which SwiftPM rejects with a warning on every build.
#ifndef WPNEWS_CUTF8PROC_SHIM_H
#define WPNEWS_CUTF8PROC_SHIM_H
#include <utf8proc.h>
#endif
