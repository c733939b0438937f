// Preloaded into wpnews by SavedE2ETests (LD_PRELOAD) to play a filesystem such as vfat:
// no hard links, and no renameat2 flags (older kernels' vfat, some network filesystems
// answer EINVAL). Each fsync is also written down, the path of what was synced, one a line,
// in the file NO_HARD_LINKS_FSYNC_LOG names, so the test can see what reached the disk.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int link(const char *from, const char *to) {
    (void)from, (void)to;
    errno = EPERM;
    return -1;
}

int linkat(int fromDirectory, const char *from, int toDirectory, const char *to, int flags) {
    (void)fromDirectory, (void)from, (void)toDirectory, (void)to, (void)flags;
    errno = EPERM;
    return -1;
}

int renameat2(int fromDirectory, const char *from, int toDirectory, const char *to, unsigned int flags) {
    if (flags != 0) {
        errno = EINVAL;
        return -1;
    }
    return renameat(fromDirectory, from, toDirectory, to);
}

int fsync(int descriptor) {
    const char *log = getenv("NO_HARD_LINKS_FSYNC_LOG");
    if (log != NULL) {
        char link[64], path[4096];
        snprintf(link, sizeof link, "/proc/self/fd/%d", descriptor);
        ssize_t length = readlink(link, path, sizeof path - 1);
        int file = open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
        if (length > 0 && file >= 0) {
            path[length] = '\n';
            write(file, path, (size_t)length + 1);
        }
        if (file >= 0) close(file);
    }
    int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    return real(descriptor);
}
