/* fc_file.c -- see fc_file.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <flint/flint.h>
#include "base/fc_file.h"

static const char *fc_file_kind(mode_t m)
{
    if (S_ISDIR(m)) return "a folder";
    if (S_ISFIFO(m)) return "a FIFO";
    if (S_ISCHR(m)) return "a character device";
    if (S_ISBLK(m)) return "a block device";
    if (S_ISSOCK(m)) return "a socket";
    return "not a plain file";
}

int fc_file_open(const char *path, char *err, size_t errn)
{
    struct stat sb;
    int fd, fl;

    if (strcmp(path, "-") == 0 || strcmp(path, "/dev/stdin") == 0) {
        fd = fcntl(0, F_DUPFD_CLOEXEC, 3);
        if (fd < 0) snprintf(err, errn, "cannot read standard input: %s", strerror(errno));
        return fd;
    }
    /* O_NONBLOCK: opening a FIFO without a writer would wait forever */
    fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        snprintf(err, errn, "cannot open: %s", strerror(errno));
        return -1;
    }
    if (fstat(fd, &sb) != 0) {
        snprintf(err, errn, "cannot open: %s", strerror(errno));
        close(fd);
        return -1;
    }
    if (!S_ISREG(sb.st_mode)) {
        snprintf(err, errn, "not a regular file (%s); give a file, or - for standard input",
                 fc_file_kind(sb.st_mode));
        close(fd);
        return -1;
    }
    if ((fl = fcntl(fd, F_GETFL)) != -1) fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    return fd;
}

/* Reads descriptor fd (closed here) as fc_file_read does. */
static char *fc_file_read_fd(int fd, size_t max, size_t *len, char *err, size_t errn)
{
    char *buf = NULL;
    size_t n = 0, cap = 0;
    struct stat sb;

    if (fd < 0) return NULL;
    if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) && (unsigned long long) sb.st_size > max) {
        snprintf(err, errn, "file larger than %zu bytes", max);
        close(fd);
        return NULL;
    }
    for (;;) {
        ssize_t got;
        if (cap - n < 4096) {
            cap = cap ? 2 * cap : 8192;
            if (cap > max + 4096) cap = max + 4096;   /* never more than max + 1 bytes read */
            buf = flint_realloc(buf, cap + 1);
        }
        got = read(fd, buf + n, cap - n);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
            snprintf(err, errn, "cannot read: %s", strerror(errno));
            flint_free(buf);
            close(fd);
            return NULL;
        }
        if (got == 0) break;
        n += (size_t) got;
        if (n > max) {
            snprintf(err, errn, "file larger than %zu bytes", max);
            flint_free(buf);
            close(fd);
            return NULL;
        }
    }
    close(fd);
    if (buf == NULL) buf = flint_malloc(1);
    buf[n] = '\0';
    *len = n;
    return buf;
}

char *fc_file_read(const char *path, size_t max, size_t *len, char *err, size_t errn)
{
    return fc_file_read_fd(fc_file_open(path, err, errn), max, len, err, errn);
}

int fc_file_open_nolinks(const char *dir, const char *rel, char *err, size_t errn)
{
    int dfd, fd = -1, fl;
    const char *p = rel;
    struct stat sb;
    char comp[4096];

    dfd = open(dir && *dir ? dir : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd < 0) {
        snprintf(err, errn, "cannot open the case's folder: %s", strerror(errno));
        return -1;
    }
    for (;;) {
        const char *slash = strchr(p, '/');
        size_t k = slash ? (size_t) (slash - p) : strlen(p);
        int last;
        if (k >= sizeof comp) {
            snprintf(err, errn, "cannot open: %s", strerror(ENAMETOOLONG));
            break;
        }
        memcpy(comp, p, k);
        comp[k] = 0;
        p += k + (slash != NULL);
        last = slash == NULL;
        if (k == 0 || strcmp(comp, ".") == 0) {
            if (last) { snprintf(err, errn, "cannot open: %s", strerror(EISDIR)); break; }
            continue;
        }
        if (strcmp(comp, "..") == 0) {
            snprintf(err, errn, "'..' leads outside the case's folder");
            break;
        }
        if (fstatat(dfd, comp, &sb, AT_SYMLINK_NOFOLLOW) != 0) {
            snprintf(err, errn, "cannot open: %s", strerror(errno));
            break;
        }
        if (S_ISLNK(sb.st_mode)) {
            snprintf(err, errn, "'%.*s' is a symbolic link; an include must be a file of the case's folder "
                     "tree reached without links", (int) (p - rel - (slash != NULL)), rel);
            break;
        }
        if (last) {
            /* O_NOFOLLOW: a link planted since the check is refused too */
            fd = openat(dfd, comp, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW);
            if (fd < 0) {
                if (errno == ELOOP) snprintf(err, errn, "'%s' is a symbolic link", rel);
                else snprintf(err, errn, "cannot open: %s", strerror(errno));
                break;
            }
            if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
                snprintf(err, errn, "not a regular file (%s)", fc_file_kind(sb.st_mode));
                close(fd);
                fd = -1;
                break;
            }
            if ((fl = fcntl(fd, F_GETFL)) != -1) fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
            break;
        } else {
            int nfd = openat(dfd, comp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (nfd < 0) {
                snprintf(err, errn, "cannot open: %s", strerror(errno));
                break;
            }
            close(dfd);
            dfd = nfd;
        }
    }
    close(dfd);
    return fd;
}

char *fc_file_read_nolinks(const char *dir, const char *rel, size_t max, size_t *len, char *err, size_t errn)
{
    return fc_file_read_fd(fc_file_open_nolinks(dir, rel, err, errn), max, len, err, errn);
}
