// chafa (pixels to terminal cells and graphics sequences) and gdk-pixbuf (image files to
// pixels, through Debian's loaders) for TerminalImages, opened on first use instead of linked.
//
// Linking them adds GLib, GObject and a dozen more libraries to every start (about 1.5 ms
// measured on a bare binary), and only a run that shows a picture needs them. Their headers
// need include paths that only pkg-config gives, and pkg-config would link them too, so the
// few functions wpnews calls are declared here with plain C types (the ABI of
// chafa 1.x and gdk-pixbuf 2.x, gint = int, gboolean = int, gunichar = uint32_t) and the
// objects stay opaque pointers. Same pattern as CCurl's shim.
//
// Everything is `static`: each object file gets its own table and loads it on first use
// (dlopen is reference counted). Call wpnews_images_load() first and stop on an error.
#ifndef WPNEWS_CCHAFA_SHIM_H
#define WPNEWS_CCHAFA_SHIM_H

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

// Values of the enums used, from chafa.h (1.12).
enum {
    WPNEWS_CHAFA_CANVAS_MODE_TRUECOLOR = 0,
    WPNEWS_CHAFA_CANVAS_MODE_INDEXED_240 = 2,
    WPNEWS_CHAFA_CANVAS_MODE_INDEXED_16 = 3,
    WPNEWS_CHAFA_PIXEL_MODE_SYMBOLS = 0,
    WPNEWS_CHAFA_PIXEL_MODE_SIXELS = 1,
    WPNEWS_CHAFA_PIXEL_MODE_KITTY = 2,
    WPNEWS_CHAFA_PIXEL_MODE_ITERM2 = 3,
    WPNEWS_CHAFA_PIXEL_RGBA8_UNASSOCIATED = 4,
    WPNEWS_CHAFA_PIXEL_RGB8 = 8,
    WPNEWS_CHAFA_SYMBOL_TAG_SPACE = 1 << 0,
    WPNEWS_CHAFA_SYMBOL_TAG_BLOCK = 1 << 3,
};

// A GError's message; the domain and code are not needed.
struct wpnews_gerror {
    uint32_t domain;
    int code;
    char *message;
};

// A GString's text.
struct wpnews_gstring {
    char *str;
    size_t len;
    size_t allocated_len;
};

struct wpnews_images_api {
    int loaded;
    char error[256];
    // The sonames that could not be opened, each followed by a space.
    char missing[128];
    // gdk-pixbuf's version ("2.42.10"); chafa has no such variable.
    const char *const *gdk_pixbuf_version;
    // GLib and GObject
    void (*g_free)(void *memory);
    void (*g_error_free)(struct wpnews_gerror *error);
    char *(*g_string_free)(struct wpnews_gstring *string, int free_segment);
    void (*g_object_unref)(void *object);
    // gdk-pixbuf
    void *(*get_file_info)(const char *path, int *width, int *height);
    char *(*format_get_name)(void *format);
    void *(*new_from_file_at_scale)(const char *path, int width, int height, int preserve_aspect_ratio, struct wpnews_gerror **error);
    int (*get_width)(const void *pixbuf);
    int (*get_height)(const void *pixbuf);
    int (*get_rowstride)(const void *pixbuf);
    int (*get_has_alpha)(const void *pixbuf);
    int (*get_n_channels)(const void *pixbuf);
    const uint8_t *(*read_pixels)(const void *pixbuf);
    // chafa
    void *(*symbol_map_new)(void);
    void (*symbol_map_add_by_tags)(void *map, int tags);
    void (*symbol_map_unref)(void *map);
    void *(*canvas_config_new)(void);
    void (*canvas_config_unref)(void *config);
    void (*canvas_config_set_geometry)(void *config, int width, int height);
    void (*canvas_config_set_cell_geometry)(void *config, int width, int height);
    void (*canvas_config_set_canvas_mode)(void *config, int mode);
    void (*canvas_config_set_pixel_mode)(void *config, int mode);
    void (*canvas_config_set_symbol_map)(void *config, const void *map);
    void (*canvas_config_set_work_factor)(void *config, float factor);
    void *(*canvas_new)(const void *config);
    void (*canvas_unref)(void *canvas);
    void (*canvas_draw_all_pixels)(void *canvas, int pixel_type, const uint8_t *pixels, int width, int height, int rowstride);
    uint32_t (*canvas_get_char_at)(void *canvas, int x, int y);
    void (*canvas_get_raw_colors_at)(void *canvas, int x, int y, int *foreground, int *background);
    struct wpnews_gstring *(*canvas_print)(void *canvas, void *term_info);
    void *(*term_db_get_default)(void);
    void *(*term_db_get_fallback_info)(void *db);
    void (*term_info_unref)(void *term_info);
};

// Function-local statics: Swift emits the inline functions it calls, not file-scope variables.
static inline struct wpnews_images_api *wpnews_images_table(void) {
    static struct wpnews_images_api table;
    return &table;
}

// Each library that cannot be opened is added to api->missing, a space after each name, so
// the message can name every package to install at once, not one per try.
static inline void *wpnews_images_open_library(struct wpnews_images_api *api, const char *soname) {
    void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(api->error, sizeof api->error, "%s", dlerror());
        size_t used = strlen(api->missing);
        snprintf(api->missing + used, sizeof api->missing - used, "%s ", soname);
    }
    return library;
}

static inline void wpnews_images_open(void) {
    struct wpnews_images_api *api = wpnews_images_table();
    void *glib = wpnews_images_open_library(api, "libglib-2.0.so.0");
    void *gobject = wpnews_images_open_library(api, "libgobject-2.0.so.0");
    void *pixbuf = wpnews_images_open_library(api, "libgdk_pixbuf-2.0.so.0");
    void *chafa = wpnews_images_open_library(api, "libchafa.so.0");
    if (!glib || !gobject || !pixbuf || !chafa) return;
#define WPNEWS_IMAGES_RESOLVE(library, field, name)                                            \
    if (!(api->field = (__typeof__(api->field))dlsym(library, #name))) {                       \
        snprintf(api->error, sizeof api->error, "no %s in the image libraries", #name);        \
        return;                                                                                \
    }
    WPNEWS_IMAGES_RESOLVE(glib, g_free, g_free)
    WPNEWS_IMAGES_RESOLVE(glib, g_error_free, g_error_free)
    WPNEWS_IMAGES_RESOLVE(glib, g_string_free, g_string_free)
    WPNEWS_IMAGES_RESOLVE(gobject, g_object_unref, g_object_unref)
    WPNEWS_IMAGES_RESOLVE(pixbuf, gdk_pixbuf_version, gdk_pixbuf_version)
    WPNEWS_IMAGES_RESOLVE(pixbuf, get_file_info, gdk_pixbuf_get_file_info)
    WPNEWS_IMAGES_RESOLVE(pixbuf, format_get_name, gdk_pixbuf_format_get_name)
    WPNEWS_IMAGES_RESOLVE(pixbuf, new_from_file_at_scale, gdk_pixbuf_new_from_file_at_scale)
    WPNEWS_IMAGES_RESOLVE(pixbuf, get_width, gdk_pixbuf_get_width)
    WPNEWS_IMAGES_RESOLVE(pixbuf, get_height, gdk_pixbuf_get_height)
    WPNEWS_IMAGES_RESOLVE(pixbuf, get_rowstride, gdk_pixbuf_get_rowstride)
    WPNEWS_IMAGES_RESOLVE(pixbuf, get_has_alpha, gdk_pixbuf_get_has_alpha)
    WPNEWS_IMAGES_RESOLVE(pixbuf, get_n_channels, gdk_pixbuf_get_n_channels)
    WPNEWS_IMAGES_RESOLVE(pixbuf, read_pixels, gdk_pixbuf_read_pixels)
    WPNEWS_IMAGES_RESOLVE(chafa, symbol_map_new, chafa_symbol_map_new)
    WPNEWS_IMAGES_RESOLVE(chafa, symbol_map_add_by_tags, chafa_symbol_map_add_by_tags)
    WPNEWS_IMAGES_RESOLVE(chafa, symbol_map_unref, chafa_symbol_map_unref)
    WPNEWS_IMAGES_RESOLVE(chafa, canvas_config_new, chafa_canvas_config_new)
    WPNEWS_IMAGES_RESOLVE(chafa, canvas_config_unref, chafa_canvas_config_unref)
    WPNEWS_IMAGES_RESOLVE(chafa, canvas_config_set_geometry, chafa_canvas_config_set_geometry)
    WPNEWS_IMAGES_RESOLVE(chafa, canvas_config_set_cell_geometry, chafa_canvas_config_set_cell_geometry)
    WPNEWS_IMAGES_RESOLVE(chafa, canvas_config_set_canvas_mode, chafa_canvas_config_set_canvas_mode)
    WPNEWS_IMAGES_RESOLVE(chafa, canvas_config_set_pixel_mode, chafa_canvas_config_set_pixel_mode)
    WPNEWS_IMAGES_RESOLVE(chafa, canvas_config_set_symbol_map, chafa_canvas_config_set_symbol_map)
    WPNEWS_IMAGES_RESOLVE(chafa, canvas_config_set_work_factor, chafa_canvas_config_set_work_factor)
    WPNEWS_IMAGES_RESOLVE(chafa, canvas_new, chafa_canvas_new)
    WPNEWS_IMAGES_RESOLVE(chafa, canvas_unref, chafa_canvas_unref)
    WPNEWS_IMAGES_RESOLVE(chafa, canvas_draw_all_pixels, chafa_canvas_draw_all_pixels)
    WPNEWS_IMAGES_RESOLVE(chafa, canvas_get_char_at, chafa_canvas_get_char_at)
    WPNEWS_IMAGES_RESOLVE(chafa, canvas_get_raw_colors_at, chafa_canvas_get_raw_colors_at)
    WPNEWS_IMAGES_RESOLVE(chafa, canvas_print, chafa_canvas_print)
    WPNEWS_IMAGES_RESOLVE(chafa, term_db_get_default, chafa_term_db_get_default)
    WPNEWS_IMAGES_RESOLVE(chafa, term_db_get_fallback_info, chafa_term_db_get_fallback_info)
    WPNEWS_IMAGES_RESOLVE(chafa, term_info_unref, chafa_term_info_unref)
#undef WPNEWS_IMAGES_RESOLVE
    api->loaded = 1;
}

/// The table, loaded on the first call. Check wpnews_images_load() before using it.
static inline const struct wpnews_images_api *wpnews_images(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, wpnews_images_open);
    return wpnews_images_table();
}

/// NULL once the libraries are loaded; otherwise why they could not be.
static inline const char *wpnews_images_load(void) {
    const struct wpnews_images_api *api = wpnews_images();
    return api->loaded ? NULL : api->error;
}

/// The sonames of the libraries that could not be opened, each followed by a space; empty
/// when all of them were (a missing function is then the reason wpnews_images_load gives).
static inline const char *wpnews_images_missing(void) {
    return wpnews_images()->missing;
}

#endif
