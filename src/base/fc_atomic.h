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

/* ---- the output folder: whole folders replaced in one step ----
 *
 * The output folder DIR is opened once; everything that is renamed or
 * removed is named relative to that descriptor, and nothing is ever
 * removed through a symbolic link (a link is removed itself, never its
 * target; folders are opened with O_NOFOLLOW).  A case's files are written
 * into a private folder DIR/.ID.tmp.PID.RANDOM (mode 0700 while written,
 * RANDOM from getrandom, so the name cannot be planted in advance), which
 * then replaces DIR/ID in one step (renameat2 RENAME_EXCHANGE; where the
 * kernel or file system lacks it, two renames through DIR/.ID.old.PID.RANDOM,
 * retried if a concurrent run gets between them).  The old DIR/ID ends up
 * under the private name and is removed. */
typedef struct
{
    int fd;       /* DIR, opened with O_DIRECTORY */
    char *dir;    /* DIR as given (messages, and paths for the writers) */
    /* renameat2(fd, a, fd, b, flags) as fc_outdir_install calls it; NULL (set
     * by fc_outdir_open): the system call. The seam by which the tests run the
     * fallback of a kernel or file system without it (-1, errno ENOSYS or
     * EINVAL), which this machine's kernel cannot show otherwise. */
    int (*rename2)(int fd, const char *a, const char *b, unsigned flags);
} fc_outdir;

/* Creates DIR (and its parents) if needed, then opens it.  Returns 0, or
 * -1 with errno set (ENOTDIR if DIR or a parent is not a folder). */
int fc_outdir_open(fc_outdir *o, const char *dir);
void fc_outdir_close(fc_outdir *o);

/* Removes the private folders (".NAME.tmp.PID[.RANDOM]", ".NAME.old.PID[.RANDOM]")
 * left in DIR by processes that no longer exist (killed by SIGKILL, power
 * loss); writes one line "fricert report: removed stale NAME (process PID
 * is gone)" to LOG for each.  Entries of living processes (this one
 * included) are left alone.  Returns the number removed. */
int fc_outdir_sweep(fc_outdir *o, FILE *log);

/* Creates a fresh private folder for ID; *name receives its name inside
 * DIR (malloc'd).  Returns 0 or -1 (errno). */
int fc_outdir_private(fc_outdir *o, const char *id, char **name);

/* Makes the private folder NAME the new DIR/ID (mode 0777 & ~umask), in one
 * step, and removes what DIR/ID held before.  On failure DIR/ID is as it was
 * and NAME still exists.  Returns 0 or -1 (errno). */
int fc_outdir_install(fc_outdir *o, const char *name, const char *id);

/* Removes NAME inside the folder open as DIRFD: a file or link is unlinked,
 * a folder is emptied (through descriptors opened with O_NOFOLLOW, at most
 * 64 levels deep) and removed.  Returns 0 (also if NAME does not exist) or
 * -1 (errno). */
int fc_remove_at(int dirfd, const char *name);

/* Async-signal-safe: removes the plain files in folder NAME (inside the
 * folder open as DIRFD) and then NAME, with system calls only (getdents64,
 * unlinkat; no malloc, no stdio), for a signal handler that must leave no
 * partial output. Links are removed themselves; a subfolder is left (and
 * then NAME too). Returns 0 or -1. */
int fc_remove_flat_signal_safe(int dirfd, const char *name);

#endif
