/* fc_atomic.c -- temporary file + rename; see fc_atomic.h. */
#include "base/fc_atomic.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static unsigned long fc_atomic_counter;   /* only makes names distinct */

/* "DIR/.BASE.tmp.PID.N" for PATH = "DIR/BASE". */
static char *
fc_atomic_tmpname(const char *path, unsigned long n)
{
    const char *slash = strrchr(path, '/');
    size_t dlen = slash ? (size_t) (slash - path + 1) : 0;
    size_t len = strlen(path) + 64;
    char *s = malloc(len);

    if (s == NULL)
        return NULL;
    snprintf(s, len, "%.*s.%s.tmp.%ld.%lu", (int) dlen, path, path + dlen,
             (long) getpid(), n);
    return s;
}

int
fc_atomic_open(fc_atomic_file *f, const char *path)
{
    int tries, fd = -1;

    f->fp = NULL;
    f->tmp = NULL;
    f->path = strdup(path);
    if (f->path == NULL)
        return -1;

    for (tries = 0; tries < 100; tries++)
    {
        unsigned long n = __atomic_fetch_add(&fc_atomic_counter, 1, __ATOMIC_RELAXED);

        f->tmp = fc_atomic_tmpname(path, n);
        if (f->tmp == NULL)
            break;
        fd = open(f->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST)
            break;
        free(f->tmp);
        f->tmp = NULL;
    }

    if (fd >= 0)
    {
        f->fp = fdopen(fd, "wb");
        if (f->fp != NULL)
            return 0;
        close(fd);
        unlink(f->tmp);
    }

    {
        int e = errno;
        free(f->tmp);
        free(f->path);
        f->tmp = f->path = NULL;
        errno = e;
    }
    return -1;
}

static void
fc_atomic_release(fc_atomic_file *f)
{
    free(f->tmp);
    free(f->path);
    f->tmp = f->path = NULL;
    f->fp = NULL;
}

int
fc_atomic_commit(fc_atomic_file *f)
{
    int bad, e = 0;

    if (f->fp == NULL)
    {
        errno = EBADF;
        return -1;
    }

    bad = ferror(f->fp) || fflush(f->fp) != 0 || fsync(fileno(f->fp)) != 0;
    if (bad)
        e = errno ? errno : EIO;
    if (fclose(f->fp) != 0 && !bad)
    {
        bad = 1;
        e = errno;
    }
    f->fp = NULL;
    if (!bad && rename(f->tmp, f->path) != 0)
    {
        bad = 1;
        e = errno;
    }
    if (bad)
        unlink(f->tmp);
    fc_atomic_release(f);
    if (bad)
    {
        errno = e;
        return -1;
    }
    return 0;
}

void
fc_atomic_abort(fc_atomic_file *f)
{
    if (f->fp != NULL)
        fclose(f->fp);
    if (f->tmp != NULL)
        unlink(f->tmp);
    fc_atomic_release(f);
}

int
fc_atomic_write(const char *path, const void *data, size_t n)
{
    fc_atomic_file f;

    if (fc_atomic_open(&f, path) != 0)
        return -1;
    if (n > 0 && fwrite(data, 1, n, f.fp) != n)
    {
        int e = errno ? errno : EIO;
        fc_atomic_abort(&f);
        errno = e;
        return -1;
    }
    return fc_atomic_commit(&f);
}
