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

#endif
