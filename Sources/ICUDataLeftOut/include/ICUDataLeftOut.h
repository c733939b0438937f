// Nothing to call: the target only defines a symbol for the linker (icu-data-left-out.c).
#ifndef WPNEWS_ICU_DATA_LEFT_OUT_H
#define WPNEWS_ICU_DATA_LEFT_OUT_H
#endif
