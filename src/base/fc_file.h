/* fc_file.h -- reading input files without surprises.
 *
 * Every file fricert reads (cases, templates) goes through here: it is
 * opened without blocking (a FIFO without a writer does not hang), must be
 * a regular file ("-" and "/dev/stdin" excepted: standard input, of any
 * kind), and is read up to a stated maximum size. */
#ifndef FC_FILE_H
#define FC_FILE_H

#include <stddef.h>

/* Opens PATH for reading. Returns a descriptor (blocking mode), or -1 with
 * a message ("cannot open: ...", "not a regular file (a FIFO)", ...)
 * written to ERR (size ERRN). */
int fc_file_open(const char *path, char *err, size_t errn);

/* Reads all of PATH, at most MAX bytes, into a NUL-terminated buffer
 * (flint_malloc; *LEN bytes, which may include NULs). Returns NULL with a
 * message in ERR if it cannot be opened or read, or is larger than MAX
 * ("larger than MAX bytes", found without reading more than MAX + 1). */
char *fc_file_read(const char *path, size_t max, size_t *len, char *err, size_t errn);

/* Opens REL (a relative path) inside the folder DIR ("" or NULL: the
 * current one) without following any symbolic link on the way: every
 * component of REL is opened relative to its parent's descriptor with
 * O_NOFOLLOW, so REL cannot lead outside DIR through a link (nor through
 * '..', refused). The file must be regular. Returns a descriptor, or -1
 * with a message in ERR ("'sub/x.defs' is a symbolic link; ..."). */
int fc_file_open_nolinks(const char *dir, const char *rel, char *err, size_t errn);
/* fc_file_read of fc_file_open_nolinks(dir, rel). */
char *fc_file_read_nolinks(const char *dir, const char *rel, size_t max, size_t *len, char *err, size_t errn);

#endif
