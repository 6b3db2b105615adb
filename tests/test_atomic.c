/* test_atomic.c -- atomic output files (atomic.c): complete or absent, never partial. */
#include <errno.h>
#include "test_canvas_util.h"

/* ---- atomic files ---------------------------------------------------------- */

static void
test_atomic(void **state)
{
    char *p = tmp_path("atomic.txt");
    fc_atomic_file f;
    size_t n;
    unsigned char *b;

    (void) state;
    assert_int_equal(fc_atomic_write(p, "first", 5), 0);
    b = slurp(p, &n);
    assert_int_equal(n, 5);
    assert_memory_equal(b, "first", 5);
    free(b);

    /* an aborted write leaves the old file and no temporary */
    assert_int_equal(fc_atomic_open(&f, p), 0);
    fputs("partial", f.fp);
    fflush(f.fp);
    b = slurp(p, &n);
    assert_int_equal(n, 5);       /* not visible before commit */
    free(b);
    fc_atomic_abort(&f);
    b = slurp(p, &n);
    assert_int_equal(n, 5);
    assert_memory_equal(b, "first", 5);
    free(b);
    assert_true(no_temp_files(tmpdir));

    /* a folder that does not exist: error, nothing created */
    assert_int_equal(fc_atomic_write(tmp_path("missing/x.txt"), "x", 1), -1);
}

/* ---- installing a private folder without renameat2 -------------------------- */

static int fake_calls;
static int fake_errno;

/* renameat2 of a kernel (ENOSYS) or file system (EINVAL) without it */
static int
no_renameat2(int fd, const char *a, const char *b, unsigned flags)
{
    (void) fd; (void) a; (void) b; (void) flags;
    fake_calls++;
    errno = fake_errno;
    return -1;
}

/* a file NAME holding TEXT in folder DIR (a path) */
static void
put(const char *dir, const char *name, const char *text)
{
    char p[1024];
    FILE *f;
    snprintf(p, sizeof p, "%s/%s", dir, name);
    f = fopen(p, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static int
count_entries(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0;
    assert_non_null(d);
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            n++;
    closedir(d);
    return n;
}

/* The two-renames fallback: DIR/ID absent, then a folder (with a subfolder)
 * replaced, then a link to a folder outside DIR replaced (its target keeps its
 * files); each time DIR holds only ID afterwards (no .ID.old.* left) and ID the
 * new files. Run for ENOSYS and EINVAL. */
static void
test_install_fallback(void **state)
{
    static const int errs[2] = {ENOSYS, EINVAL};
    int k;
    (void) state;
    for (k = 0; k < 2; k++)
    {
        char out[512], outside[512], p[1024];
        fc_outdir o;
        char *priv;
        size_t n;
        unsigned char *b;

        snprintf(out, sizeof out, "%s/fallback%d", tmpdir, k);
        snprintf(outside, sizeof outside, "%s/outside%d", tmpdir, k);
        assert_int_equal(mkdir(outside, 0700), 0);
        put(outside, "precious", "keep");
        assert_int_equal(fc_outdir_open(&o, out), 0);
        assert_null(o.rename2);   /* the system call by default */
        o.rename2 = no_renameat2;
        fake_errno = errs[k];

        /* 1: no ID yet */
        fake_calls = 0;
        assert_int_equal(fc_outdir_private(&o, "id", &priv), 0);
        snprintf(p, sizeof p, "%s/%s", out, priv);
        put(p, "report.pdf", "one");
        assert_int_equal(fc_outdir_install(&o, priv, "id"), 0);
        free(priv);
        assert_true(fake_calls > 0);   /* the seam was taken, and failed as asked */
        snprintf(p, sizeof p, "%s/id/report.pdf", out);
        b = slurp(p, &n);
        assert_int_equal(n, 3);
        assert_memory_equal(b, "one", 3);
        free(b);
        assert_int_equal(count_entries(out), 1);

        /* 2: ID is a folder holding a subfolder: replaced, all of it removed */
        snprintf(p, sizeof p, "%s/id/sub", out);
        assert_int_equal(mkdir(p, 0700), 0);
        put(p, "x", "x");
        assert_int_equal(fc_outdir_private(&o, "id", &priv), 0);
        snprintf(p, sizeof p, "%s/%s", out, priv);
        put(p, "report.pdf", "two!");
        assert_int_equal(fc_outdir_install(&o, priv, "id"), 0);
        free(priv);
        snprintf(p, sizeof p, "%s/id/report.pdf", out);
        b = slurp(p, &n);
        assert_int_equal(n, 4);
        assert_memory_equal(b, "two!", 4);
        free(b);
        snprintf(p, sizeof p, "%s/id", out);
        assert_int_equal(count_entries(p), 1);
        assert_int_equal(count_entries(out), 1);

        /* 3: ID is a link to a folder outside DIR: the link goes, its target stays whole */
        snprintf(p, sizeof p, "%s/id", out);
        {
            char cmd[1200];
            snprintf(cmd, sizeof cmd, "rm -rf '%s'", p);
            assert_int_equal(system(cmd), 0);
        }
        assert_int_equal(symlink(outside, p), 0);
        assert_int_equal(fc_outdir_private(&o, "id", &priv), 0);
        snprintf(p, sizeof p, "%s/%s", out, priv);
        put(p, "report.pdf", "3");
        assert_int_equal(fc_outdir_install(&o, priv, "id"), 0);
        free(priv);
        snprintf(p, sizeof p, "%s/id/report.pdf", out);
        b = slurp(p, &n);
        assert_int_equal(n, 1);
        free(b);
        snprintf(p, sizeof p, "%s/precious", outside);
        b = slurp(p, &n);
        assert_int_equal(n, 4);
        assert_memory_equal(b, "keep", 4);
        free(b);
        assert_int_equal(count_entries(outside), 1);
        assert_int_equal(count_entries(out), 1);
        fc_outdir_close(&o);
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_atomic),
        cmocka_unit_test(test_install_fallback),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
