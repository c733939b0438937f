// ICU's data left out of the release binary, which would otherwise be half of it.
//
// Foundation's static ICU (lib_FoundationICU.a) keeps ICU's data in one 34 MB array,
// icudt76_dat, the only symbol of its archive member icu_packaged_data.cpp.o. Defined here,
// in an object the linker reads before the archives, that member is never pulled in. ICU
// then finds no valid data and Foundation falls back to what it knows without it; what
// that changes, and why wpnews loses nothing by it, is in docs/ARCHITECTURE.md ("ICU").
//
// Only when the Makefile's release build (static Swift runtime) defines
// WPNEWS_WITHOUT_ICU_DATA: with the shared runtime, this definition would take the place of
// the one in lib_FoundationICU.so, and debug builds and tests would run without ICU's data.
#include "ICUDataLeftOut.h"

#ifdef WPNEWS_WITHOUT_ICU_DATA
// Zeros: not an ICU data package (its header's magic bytes are missing), so ICU refuses it.
const unsigned char icudt76_dat[64] __attribute__((aligned(16))) = {0};
#endif
