/* test_base.c -- src/base helpers and the output folder's removal rules:
 * fc_strmap against a plain array searched linearly, fc_file's refusals and
 * size limit, fc_remove_at never following a link. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <flint/flint.h>
#include "base/fc_strmap.h"
#include "base/fc_file.h"
#include "base/fc_atomic.h"
#include "base/fc_mem.h"
#include <gmp.h>

/* 20000 keys with many collisions in their prefixes, put twice; every get
 * agrees with a linear search of the keys in insertion order. */
static void test_strmap_vs_linear(void **state)
{
    enum { N = 20000 };
    static char keys[N][16];
    fc_strmap m;
    int i, j;
    (void) state;
    fc_strmap_init(&m);
    for (i = 0; i < N; i++) {
        snprintf(keys[i], sizeof keys[i], "k%d", (i * 7919) % (N / 2));   /* each key twice */
        {
            int first = -1;
            for (j = 0; j < i; j++)
                if (strcmp(keys[j], keys[i]) == 0) { first = j; break; }
            assert_int_equal(fc_strmap_put(&m, keys[i], i), first);
        }
    }
    assert_int_equal((int) m.n, N / 2);
    for (i = 0; i < N; i += 97) {
        int first = -1;
        for (j = 0; j < N; j++)
            if (strcmp(keys[j], keys[i]) == 0) { first = j; break; }
        assert_int_equal(fc_strmap_get(&m, keys[i]), first);
    }
    assert_int_equal(fc_strmap_get(&m, "absent"), -1);
    assert_int_equal(fc_strmap_get(&m, ""), -1);
    fc_strmap_clear(&m);
    assert_int_equal(fc_strmap_get(&m, "k1"), -1);
}

static char dir[64];

static void test_file_refusals(void **state)
{
    char path[128], err[256], *buf;
    size_t len = 0;
    FILE *f;
    (void) state;
    snprintf(dir, sizeof dir, "/tmp/test_base_XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/fifo", dir);
    assert_int_equal(mkfifo(path, 0600), 0);
    assert_null(fc_file_read(path, 100, &len, err, sizeof err));   /* would block without O_NONBLOCK */
    assert_string_equal(err, "not a regular file (a FIFO); give a file, or - for standard input");
    unlink(path);
    assert_null(fc_file_read(dir, 100, &len, err, sizeof err));
    assert_string_equal(err, "not a regular file (a folder); give a file, or - for standard input");
    snprintf(path, sizeof path, "%s/ten", dir);
    f = fopen(path, "wb");
    assert_non_null(f);
    fputs("0123456789", f);
    fclose(f);
    buf = fc_file_read(path, 10, &len, err, sizeof err);   /* exactly the limit */
    assert_non_null(buf);
    assert_int_equal((int) len, 10);
    assert_string_equal(buf, "0123456789");
    flint_free(buf);
    assert_null(fc_file_read(path, 9, &len, err, sizeof err));
    assert_string_equal(err, "file larger than 9 bytes");
    unlink(path);
    rmdir(dir);
}

/* out/link -> victim: fc_remove_at(out, "link") removes the link only; a
 * folder holding a link to victim and a subfolder is removed, victim kept. */
static void test_remove_never_follows(void **state)
{
    char out[128], victim[128], p[256];
    int fd;
    (void) state;
    snprintf(dir, sizeof dir, "/tmp/test_base_XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(victim, sizeof victim, "%s/victim", dir);
    assert_int_equal(mkdir(out, 0700), 0);
    assert_int_equal(mkdir(victim, 0700), 0);
    snprintf(p, sizeof p, "%s/precious", victim);
    close(open(p, O_CREAT | O_WRONLY, 0600));
    snprintf(p, sizeof p, "%s/link", out);
    assert_int_equal(symlink(victim, p), 0);
    snprintf(p, sizeof p, "%s/tree", out);
    assert_int_equal(mkdir(p, 0700), 0);
    snprintf(p, sizeof p, "%s/tree/sub", out);
    assert_int_equal(mkdir(p, 0700), 0);
    snprintf(p, sizeof p, "%s/tree/sub/inner_link", out);
    assert_int_equal(symlink(victim, p), 0);
    fd = open(out, O_RDONLY | O_DIRECTORY);
    assert_true(fd >= 0);
    assert_int_equal(fc_remove_at(fd, "link"), 0);
    assert_int_equal(fc_remove_at(fd, "tree"), 0);
    assert_int_equal(fc_remove_at(fd, "absent"), 0);
    close(fd);
    snprintf(p, sizeof p, "%s/precious", victim);
    assert_int_equal(access(p, F_OK), 0);
    snprintf(p, sizeof p, "%s/tree", out);
    assert_int_equal(access(p, F_OK), -1);
    snprintf(p, sizeof p, "%s/precious", victim);
    unlink(p);
    rmdir(victim);
    rmdir(out);
    rmdir(dir);
}

/* The memory budget's count: what FLINT's and GMP's allocators hand out is
 * counted while held (at least the bytes asked for) and uncounted when freed,
 * through realloc too; the default budget is 3/4 of a known memory size. */
static void test_mem_count(void **state)
{
    size_t before, mid;
    char *p;
    mpz_t z;
    (void) state;
    fc_mem_install();
    before = fc_mem_in_use();
    p = flint_malloc(1 << 20);
    memset(p, 1, 1 << 20);
    assert_true(fc_mem_in_use() >= before + (1 << 20));
    p = flint_realloc(p, 3 << 20);
    assert_true(fc_mem_in_use() >= before + (3 << 20));
    flint_free(p);
    assert_int_equal(fc_mem_in_use(), before);
    mpz_init(z);
    mpz_ui_pow_ui(z, 3, 4000000);   /* about 800 KB of limbs through GMP's hooks */
    mid = fc_mem_in_use();
    assert_true(mid >= before + mpz_size(z) * sizeof(mp_limb_t));
    mpz_clear(z);
    assert_int_equal(fc_mem_in_use(), before);
    assert_true(fc_mem_default_budget() > 0);
    fc_mem_set_budget(123u << 20);
    assert_int_equal(fc_mem_budget(), (size_t) 123 << 20);
    fc_mem_set_budget(0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strmap_vs_linear),
        cmocka_unit_test(test_mem_count),
        cmocka_unit_test(test_file_refusals),
        cmocka_unit_test(test_remove_never_follows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
