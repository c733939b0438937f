// Typed wrappers around libcurl's variadic calls, which Swift cannot call directly.
// One wrapper per argument type; no logic lives here.
#ifndef WPNEWS_CCURL_SHIM_H
#define WPNEWS_CCURL_SHIM_H

#include <curl/curl.h>

typedef size_t (*wpnews_curl_data_fn)(char *data, size_t size, size_t count, void *context);

static inline CURLcode wpnews_easy_setopt_long(CURL *easy, CURLoption option, long value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode wpnews_easy_setopt_string(CURL *easy, CURLoption option, const char *value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode wpnews_easy_setopt_pointer(CURL *easy, CURLoption option, void *value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode wpnews_easy_setopt_slist(CURL *easy, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode wpnews_easy_setopt_data_fn(CURL *easy, CURLoption option, wpnews_curl_data_fn value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode wpnews_easy_getinfo_long(CURL *easy, CURLINFO info, long *value) {
    return curl_easy_getinfo(easy, info, value);
}

static inline CURLcode wpnews_easy_getinfo_string(CURL *easy, CURLINFO info, char **value) {
    return curl_easy_getinfo(easy, info, value);
}

static inline CURLcode wpnews_easy_getinfo_off_t(CURL *easy, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(easy, info, value);
}

#endif
