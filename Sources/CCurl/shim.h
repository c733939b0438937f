// libcurl for HTTPClient, opened on first use instead of linked.
//
// Linking libcurl makes the dynamic loader map and relocate it and the ~30 libraries it
// needs (OpenSSL, krb5, LDAP, ssh2 ...) at every start: about 4 ms, a quarter of a run
// answered from the cache, which makes no request at all. So wpnews is not linked against
// libcurl; the first call here dlopen()s it and resolves the functions wpnews uses. The
// prototypes come from curl.h itself (__typeof__), so a mismatch cannot compile.
//
// Everything is `static`: each object file that calls these gets its own copy of the table
// and loads it itself on first use (dlopen is reference counted, so all copies share one
// libcurl). Call wpnews_curl_load() before anything else and stop if it returns an error.
#ifndef WPNEWS_CCURL_SHIM_H
#define WPNEWS_CCURL_SHIM_H

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define WPNEWS_CURL_SONAME "libcurl.so.4"

typedef size_t (*wpnews_curl_data_fn)(char *data, size_t size, size_t count, void *context);
/// CURLOPT_PREREQFUNCTION's callback: the connection's addresses, before a request is sent on it.
typedef int (*wpnews_curl_prereq_fn)(void *context, char *primary_ip, char *local_ip, int primary_port, int local_port);

struct wpnews_curl_api {
    int loaded;
    char error[256];
    __typeof__(&curl_global_init) global_init;
    __typeof__(&curl_easy_init) easy_init;
    __typeof__(&curl_easy_cleanup) easy_cleanup;
    __typeof__(&curl_easy_setopt) easy_setopt;
    __typeof__(&curl_easy_getinfo) easy_getinfo;
    __typeof__(&curl_easy_strerror) easy_strerror;
    __typeof__(&curl_multi_init) multi_init;
    __typeof__(&curl_multi_cleanup) multi_cleanup;
    __typeof__(&curl_multi_add_handle) multi_add_handle;
    __typeof__(&curl_multi_remove_handle) multi_remove_handle;
    __typeof__(&curl_multi_perform) multi_perform;
    __typeof__(&curl_multi_poll) multi_poll;
    __typeof__(&curl_multi_wakeup) multi_wakeup;
    __typeof__(&curl_multi_info_read) multi_info_read;
    __typeof__(&curl_slist_append) slist_append;
    __typeof__(&curl_slist_free_all) slist_free_all;
    __typeof__(&curl_version_info) version_info;
};

// Function-local statics: Swift emits the inline functions it calls, not file-scope variables.
static inline struct wpnews_curl_api *wpnews_curl_table(void) {
    static struct wpnews_curl_api table;
    return &table;
}

static inline void wpnews_curl_open(void) {
    struct wpnews_curl_api *api = wpnews_curl_table();
    void *library = dlopen(WPNEWS_CURL_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(api->error, sizeof api->error, "%s", dlerror());
        return;
    }
#define WPNEWS_CURL_RESOLVE(field, name)                                                      \
    if (!(api->field = (__typeof__(api->field))dlsym(library, #name))) {                      \
        snprintf(api->error, sizeof api->error, "%s has no %s", WPNEWS_CURL_SONAME, #name);   \
        return;                                                                               \
    }
    WPNEWS_CURL_RESOLVE(global_init, curl_global_init)
    WPNEWS_CURL_RESOLVE(easy_init, curl_easy_init)
    WPNEWS_CURL_RESOLVE(easy_cleanup, curl_easy_cleanup)
    WPNEWS_CURL_RESOLVE(easy_setopt, curl_easy_setopt)
    WPNEWS_CURL_RESOLVE(easy_getinfo, curl_easy_getinfo)
    WPNEWS_CURL_RESOLVE(easy_strerror, curl_easy_strerror)
    WPNEWS_CURL_RESOLVE(multi_init, curl_multi_init)
    WPNEWS_CURL_RESOLVE(multi_cleanup, curl_multi_cleanup)
    WPNEWS_CURL_RESOLVE(multi_add_handle, curl_multi_add_handle)
    WPNEWS_CURL_RESOLVE(multi_remove_handle, curl_multi_remove_handle)
    WPNEWS_CURL_RESOLVE(multi_perform, curl_multi_perform)
    WPNEWS_CURL_RESOLVE(multi_poll, curl_multi_poll)
    WPNEWS_CURL_RESOLVE(multi_wakeup, curl_multi_wakeup)
    WPNEWS_CURL_RESOLVE(multi_info_read, curl_multi_info_read)
    WPNEWS_CURL_RESOLVE(slist_append, curl_slist_append)
    WPNEWS_CURL_RESOLVE(slist_free_all, curl_slist_free_all)
    WPNEWS_CURL_RESOLVE(version_info, curl_version_info)
#undef WPNEWS_CURL_RESOLVE
    api->loaded = 1;
}

static inline const struct wpnews_curl_api *wpnews_curl(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, wpnews_curl_open);
    return wpnews_curl_table();
}

/// NULL once libcurl is loaded; otherwise why it could not be.
static inline const char *wpnews_curl_load(void) {
    const struct wpnews_curl_api *api = wpnews_curl();
    return api->loaded ? NULL : api->error;
}

// The libcurl calls wpnews makes, one wrapper per argument type for the variadic ones
// (Swift cannot call C variadic functions). No logic lives here.

static inline CURLcode wpnews_curl_global_init(long flags) { return wpnews_curl()->global_init(flags); }
static inline CURL *wpnews_curl_easy_init(void) { return wpnews_curl()->easy_init(); }
static inline void wpnews_curl_easy_cleanup(CURL *easy) { wpnews_curl()->easy_cleanup(easy); }
static inline const char *wpnews_curl_easy_strerror(CURLcode code) { return wpnews_curl()->easy_strerror(code); }
static inline CURLM *wpnews_curl_multi_init(void) { return wpnews_curl()->multi_init(); }
static inline CURLMcode wpnews_curl_multi_cleanup(CURLM *multi) { return wpnews_curl()->multi_cleanup(multi); }
static inline CURLMcode wpnews_curl_multi_add_handle(CURLM *multi, CURL *easy) { return wpnews_curl()->multi_add_handle(multi, easy); }
static inline CURLMcode wpnews_curl_multi_remove_handle(CURLM *multi, CURL *easy) { return wpnews_curl()->multi_remove_handle(multi, easy); }
static inline CURLMcode wpnews_curl_multi_perform(CURLM *multi, int *running) { return wpnews_curl()->multi_perform(multi, running); }
static inline CURLMcode wpnews_curl_multi_poll(CURLM *multi, struct curl_waitfd *fds, unsigned int count, int timeout_ms, int *ready) {
    return wpnews_curl()->multi_poll(multi, fds, count, timeout_ms, ready);
}
static inline CURLMcode wpnews_curl_multi_wakeup(CURLM *multi) { return wpnews_curl()->multi_wakeup(multi); }
static inline CURLMsg *wpnews_curl_multi_info_read(CURLM *multi, int *queued) { return wpnews_curl()->multi_info_read(multi, queued); }
static inline struct curl_slist *wpnews_curl_slist_append(struct curl_slist *list, const char *line) {
    return wpnews_curl()->slist_append(list, line);
}
static inline void wpnews_curl_slist_free_all(struct curl_slist *list) { wpnews_curl()->slist_free_all(list); }
/// The loaded libcurl's version ("7.88.1"). Only once wpnews_curl_load() returned NULL.
static inline const char *wpnews_curl_version(void) { return wpnews_curl()->version_info(CURLVERSION_NOW)->version; }

static inline CURLcode wpnews_easy_setopt_long(CURL *easy, CURLoption option, long value) {
    return wpnews_curl()->easy_setopt(easy, option, value);
}

static inline CURLcode wpnews_easy_setopt_string(CURL *easy, CURLoption option, const char *value) {
    return wpnews_curl()->easy_setopt(easy, option, value);
}

static inline CURLcode wpnews_easy_setopt_pointer(CURL *easy, CURLoption option, void *value) {
    return wpnews_curl()->easy_setopt(easy, option, value);
}

static inline CURLcode wpnews_easy_setopt_slist(CURL *easy, CURLoption option, struct curl_slist *value) {
    return wpnews_curl()->easy_setopt(easy, option, value);
}

static inline CURLcode wpnews_easy_setopt_data_fn(CURL *easy, CURLoption option, wpnews_curl_data_fn value) {
    return wpnews_curl()->easy_setopt(easy, option, value);
}

static inline CURLcode wpnews_easy_setopt_prereq_fn(CURL *easy, CURLoption option, wpnews_curl_prereq_fn value) {
    return wpnews_curl()->easy_setopt(easy, option, value);
}

static inline CURLcode wpnews_easy_getinfo_long(CURL *easy, CURLINFO info, long *value) {
    return wpnews_curl()->easy_getinfo(easy, info, value);
}

static inline CURLcode wpnews_easy_getinfo_string(CURL *easy, CURLINFO info, char **value) {
    return wpnews_curl()->easy_getinfo(easy, info, value);
}

static inline CURLcode wpnews_easy_getinfo_off_t(CURL *easy, CURLINFO info, curl_off_t *value) {
    return wpnews_curl()->easy_getinfo(easy, info, value);
}

#endif
