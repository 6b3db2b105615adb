/* fc_atomic.h -- write a file completely or not at all.
 *
 * fc_atomic_open creates a temporary file next to PATH (same folder, so
 * rename is atomic); fc_atomic_commit flushes, closes and renames it onto
 * PATH; fc_atomic_abort closes and removes it.  A reader of PATH sees
 * either the old file or the complete new one, never a partial one. */
#ifndef FC_ATOMIC_H
#define FC_ATOMIC_H

#include <stddef.h>
#include <stdio.h>

typedef struct
{
    FILE *fp;     /* write here between open and commit/abort */
    char *path;   /* final name */
    char *tmp;    /* temporary name in the same folder */
} fc_atomic_file;

/* Creates the temporary file (mode 0666 & ~umask).  Returns 0, or -1 with
 * errno set and F left empty (nothing to abort). */
int fc_atomic_open(fc_atomic_file *f, const char *path);

/* Flushes, syncs, closes and renames onto the final name.  Returns 0; on
 * any write error returns -1 with errno set, and the temporary file is
 * removed and PATH untouched.  F is empty afterwards in both cases. */
int fc_atomic_commit(fc_atomic_file *f);

/* Closes and removes the temporary file; PATH is untouched.  Safe on an
 * empty F. */
void fc_atomic_abort(fc_atomic_file *f);

/* Writes N bytes of DATA to PATH atomically.  Returns 0 or -1 (errno). */
int fc_atomic_write(const char *path, const void *data, size_t n);

#endif
