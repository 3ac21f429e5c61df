#define _GNU_SOURCE
#include "CFileSwap.h"
#include <errno.h>
#include <stdio.h>

#if defined(__linux__)
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

int cfs_exchange(const char *a, const char *b) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE);
#else
    (void)a; (void)b;
    errno = ENOSYS;
    return -1;
#endif
}

#elif defined(__APPLE__)

int cfs_exchange(const char *a, const char *b) { return renamex_np(a, b, RENAME_SWAP); }

#else

int cfs_exchange(const char *a, const char *b) {
    (void)a; (void)b;
    errno = ENOSYS;
    return -1;
}

#endif
