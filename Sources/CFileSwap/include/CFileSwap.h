#ifndef FAIRNESS_CFILESWAP_H
#define FAIRNESS_CFILESWAP_H

/// Atomically exchanges the directory entries `a` and `b` (both must exist, on one file system): after
/// the call each name refers to what the other did, and no process ever sees either name missing.
/// Linux: renameat2(RENAME_EXCHANGE); macOS: renamex_np(RENAME_SWAP). Returns 0, or -1 with errno set
/// (ENOSYS or EINVAL where the system or file system cannot exchange).
int cfs_exchange(const char *a, const char *b);

#endif
