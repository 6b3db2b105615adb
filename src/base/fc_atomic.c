/* fc_atomic.c -- temporary file + rename; see fc_atomic.h. */
#include "base/fc_atomic.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

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

/* ------------------------------------------------------------ output folder */

int
fc_outdir_open(fc_outdir *o, const char *dir)
{
    size_t n = strlen(dir), i;
    char *p;
    struct stat sb;

    o->fd = -1;
    o->dir = NULL;
    o->rename2 = NULL;
    if (n == 0)
    {
        errno = ENOENT;
        return -1;
    }
    p = malloc(n + 1);
    if (p == NULL)
        return -1;
    memcpy(p, dir, n + 1);
    /* mkdir -p: each prefix ending before a '/', then the whole */
    for (i = 1; i <= n; i++)
    {
        if (p[i] != '/' && p[i] != '\0')
            continue;
        p[i] = '\0';
        if (mkdir(p, 0777) != 0 && errno != EEXIST)
        {
            int e = errno;
            free(p);
            errno = e;
            return -1;
        }
        if (stat(p, &sb) != 0 || !S_ISDIR(sb.st_mode))
        {
            free(p);
            errno = ENOTDIR;
            return -1;
        }
        if (i < n)
            p[i] = '/';
    }
    free(p);
    o->fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (o->fd < 0)
        return -1;
    o->dir = strdup(dir);
    if (o->dir == NULL)
    {
        close(o->fd);
        o->fd = -1;
        errno = ENOMEM;
        return -1;
    }
    return 0;
}

void
fc_outdir_close(fc_outdir *o)
{
    if (o->fd >= 0)
        close(o->fd);
    free(o->dir);
    o->fd = -1;
    o->dir = NULL;
}

/* Empties the folder open as FD (closed here) and returns 0 or -1. */
static int
fc_empty_fd(int fd, int depth)
{
    DIR *d = fdopendir(fd);
    struct dirent *e;
    int pass, left = 1, rc = 0;

    if (d == NULL)
    {
        int er = errno;
        close(fd);
        errno = er;
        return -1;
    }
    /* readdir while unlinking may skip entries: repeat until a pass finds none */
    for (pass = 0; pass < 8 && left && rc == 0; pass++)
    {
        left = 0;
        rewinddir(d);
        while ((e = readdir(d)) != NULL)
        {
            int r;
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            left = 1;
            if (unlinkat(dirfd(d), e->d_name, 0) == 0 || errno == ENOENT)
                continue;
            if (errno != EISDIR && errno != EPERM)
            {
                rc = -1;
                break;
            }
            if (depth >= 64)
            {
                errno = ELOOP;
                rc = -1;
                break;
            }
            r = openat(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (r < 0 || fc_empty_fd(r, depth + 1) != 0 ||
                (unlinkat(dirfd(d), e->d_name, AT_REMOVEDIR) != 0 && errno != ENOENT))
            {
                rc = -1;
                break;
            }
        }
    }
    {
        int er = errno;
        closedir(d);
        errno = er;
    }
    return rc;
}

int
fc_remove_at(int dirfd, const char *name)
{
    int fd;

    if (unlinkat(dirfd, name, 0) == 0 || errno == ENOENT)
        return 0;
    if (errno != EISDIR && errno != EPERM)
        return -1;
    /* a folder (never a link: O_NOFOLLOW) */
    fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return errno == ENOENT ? 0 : -1;
    if (fc_empty_fd(fd, 1) != 0)
        return -1;
    if (unlinkat(dirfd, name, AT_REMOVEDIR) != 0 && errno != ENOENT)
        return -1;
    return 0;
}

/* Parses ".NAME.KIND.PID" or ".NAME.KIND.PID.SUFFIX" (KIND "tmp" or "old",
 * PID decimal, SUFFIX letters and digits); returns the PID, or 0. */
static long
fc_private_pid(const char *s)
{
    size_t n = strlen(s), end = n, a, b;
    long pid = 0;

    if (n < 8 || s[0] != '.')
        return 0;
    /* last component: digits (PID) or a suffix */
    a = end;
    while (a > 0 && s[a - 1] != '.')
        a--;
    if (a == 0 || a == end)
        return 0;
    for (b = a; b < end; b++)
        if (!((s[b] >= '0' && s[b] <= '9') || (s[b] >= 'a' && s[b] <= 'z') || (s[b] >= 'A' && s[b] <= 'Z')))
            return 0;
    for (b = a; b < end && s[b] >= '0' && s[b] <= '9'; b++)
        ;
    if (b < end)
    {
        /* a suffix: the PID is the component before it */
        end = a - 1;
        a = end;
        while (a > 0 && s[a - 1] != '.')
            a--;
        if (a == 0 || a == end)
            return 0;
        for (b = a; b < end; b++)
            if (s[b] < '0' || s[b] > '9')
                return 0;
    }
    if (end - a > 9)
        return 0;
    for (b = a; b < end; b++)
        pid = 10 * pid + (s[b] - '0');
    /* ".KIND." before the PID, and a NAME of at least one byte before that */
    if (a < 6 || s[a - 1] != '.' || s[a - 5] != '.' ||
        (strncmp(s + a - 4, "tmp", 3) != 0 && strncmp(s + a - 4, "old", 3) != 0) || a - 5 < 2)
        return 0;
    return pid;
}

int
fc_outdir_sweep(fc_outdir *o, FILE *log)
{
    int fd = openat(o->fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    DIR *d;
    struct dirent *e;
    int removed = 0;
    char **names = NULL;
    long *pids = NULL;
    size_t n = 0, cap = 0, i;

    if (fd < 0 || (d = fdopendir(fd)) == NULL)
    {
        if (fd >= 0)
            close(fd);
        return 0;
    }
    /* collect first (removing while reading the same folder may skip names) */
    while ((e = readdir(d)) != NULL)
    {
        long pid = fc_private_pid(e->d_name);
        if (pid <= 0 || pid == (long) getpid())
            continue;
        if (kill((pid_t) pid, 0) == 0 || errno != ESRCH)
            continue;   /* alive (or not ours to signal: alive) */
        if (n == cap)
        {
            size_t nc = cap ? 2 * cap : 8;
            char **nn = realloc(names, nc * sizeof *nn);
            long *np;
            if (nn == NULL)
                break;
            names = nn;
            np = realloc(pids, nc * sizeof *np);
            if (np == NULL)
                break;
            pids = np;
            cap = nc;
        }
        if ((names[n] = strdup(e->d_name)) == NULL)
            break;
        pids[n++] = pid;
    }
    closedir(d);
    for (i = 0; i < n; i++)
    {
        if (fc_remove_at(o->fd, names[i]) == 0)
        {
            removed++;
            if (log != NULL)
                fprintf(log, "fricert report: removed stale %s/%s (process %ld is gone)\n", o->dir, names[i],
                        pids[i]);
        }
        else if (log != NULL)
            fprintf(log, "fricert report: cannot remove stale %s/%s: %s\n", o->dir, names[i], strerror(errno));
        free(names[i]);
    }
    free(names);
    free(pids);
    return removed;
}

/* ".ID.KIND.PID.RANDOM" (RANDOM: 12 letters and digits). */
static char *
fc_private_name(const char *id, const char *kind)
{
    static const char abc[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    unsigned char r[12];
    char suffix[13];
    size_t len = strlen(id) + 48, i;
    char *s;

    if (getrandom(r, sizeof r, 0) != (ssize_t) sizeof r)
    {
        /* no getrandom: a weaker mix, still not guessable from the PID alone */
        struct timespec ts;
        unsigned long long x;
        clock_gettime(CLOCK_REALTIME, &ts);
        x = (unsigned long long) ts.tv_nsec * 6364136223846793005ULL ^ (unsigned long long) ts.tv_sec ^
            ((unsigned long long) getpid() << 32) ^ (unsigned long long) (uintptr_t) &ts;
        for (i = 0; i < sizeof r; i++)
        {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            r[i] = (unsigned char) (x >> 33);
        }
    }
    for (i = 0; i < sizeof r; i++)
        suffix[i] = abc[r[i] % 62];
    suffix[12] = '\0';
    s = malloc(len);
    if (s != NULL)
        snprintf(s, len, ".%s.%s.%ld.%s", id, kind, (long) getpid(), suffix);
    return s;
}

int
fc_outdir_private(fc_outdir *o, const char *id, char **name)
{
    int tries;

    for (tries = 0; tries < 16; tries++)
    {
        char *s = fc_private_name(id, "tmp");
        if (s == NULL)
        {
            errno = ENOMEM;
            return -1;
        }
        if (mkdirat(o->fd, s, 0700) == 0)
        {
            *name = s;
            return 0;
        }
        free(s);
        if (errno != EEXIST)
            return -1;
    }
    errno = EEXIST;
    return -1;
}

static int
fc_renameat2(int fd, const char *a, const char *b, unsigned flags)
{
#ifdef SYS_renameat2
    return (int) syscall(SYS_renameat2, fd, a, fd, b, flags);
#else
    (void) fd; (void) a; (void) b; (void) flags;
    errno = ENOSYS;
    return -1;
#endif
}

/* The fallback without RENAME_EXCHANGE: ID -> OLD, NAME -> ID, OLD removed.
 * Returns 0 or -1 (errno); *again set when a concurrent run got between. */
static int
fc_install_two_renames(fc_outdir *o, const char *name, const char *id, int *again)
{
    char *old = fc_private_name(id, "old");
    int moved = 0, rc = 0;

    *again = 0;
    if (old == NULL)
    {
        errno = ENOMEM;
        return -1;
    }
    if (renameat(o->fd, id, o->fd, old) == 0)
        moved = 1;
    else if (errno != ENOENT)
        rc = -1;
    if (rc == 0 && renameat(o->fd, name, o->fd, id) != 0)
    {
        int e = errno;
        if (moved)
            renameat(o->fd, old, o->fd, id);   /* put it back if the name is still free */
        *again = e == ENOTEMPTY || e == EEXIST;
        errno = e;
        rc = -1;
    }
    if (moved)
    {
        int e = errno;
        fc_remove_at(o->fd, old);   /* gone, or put back */
        errno = e;
    }
    free(old);
    return rc;
}

int
fc_outdir_install(fc_outdir *o, const char *name, const char *id)
{
    mode_t mask = umask(0);
    int tries;
    int (*rename2)(int, const char *, const char *, unsigned) = o->rename2 ? o->rename2 : fc_renameat2;

    umask(mask);
    if (fchmodat(o->fd, name, 0777 & ~mask, 0) != 0)
        return -1;
    for (tries = 0; tries < 32; tries++)
    {
        int again;
        if (rename2(o->fd, name, id, RENAME_EXCHANGE) == 0)
        {
            /* NAME now holds the old ID */
            fc_remove_at(o->fd, name);
            return 0;
        }
        if (errno == ENOENT)
        {
            /* no ID yet: take the name unless a concurrent run just did */
            if (rename2(o->fd, name, id, RENAME_NOREPLACE) == 0)
                return 0;
            if (errno == EEXIST)
                continue;
        }
        if (errno != ENOSYS && errno != EINVAL && errno != ENOENT)
            return -1;
        /* no renameat2 here (kernel or file system) */
        if (fc_install_two_renames(o, name, id, &again) == 0)
            return 0;
        if (!again)
            return -1;
    }
    errno = EBUSY;
    return -1;
}

int
fc_remove_flat_signal_safe(int dirfd, const char *name)
{
    char buf[4096];
    int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    long n;

    if (fd < 0)
        return -1;
    for (;;)
    {
        long off = 0;
        int removed = 0;
        n = syscall(SYS_getdents64, fd, buf, sizeof buf);
        if (n <= 0)
            break;
        while (off < n)
        {
            /* struct linux_dirent64: ino (8), off (8), reclen (2), type (1), name */
            unsigned short reclen;
            const char *d_name = buf + off + 19;
            memcpy(&reclen, buf + off + 16, sizeof reclen);
            if (!(d_name[0] == '.' && (d_name[1] == '\0' || (d_name[1] == '.' && d_name[2] == '\0'))))
                removed += unlinkat(fd, d_name, 0) == 0;
            off += reclen;
        }
        if (removed > 0)
            lseek(fd, 0, SEEK_SET);   /* the listing changed: read it again */
    }
    close(fd);
    return unlinkat(dirfd, name, AT_REMOVEDIR);
}
