/* fc_mem.c -- see fc_mem.h. */
#include <malloc.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#include <gmp.h>
#include <flint/flint.h>
#include "base/fc_mem.h"

static void *fc_mem_reserve;
static void (*volatile fc_mem_hook)(void);
static atomic_int fc_mem_failing;
/* bytes held through the hooks (malloc_usable_size of every live block; it
 * may dip below 0 when a block allocated before fc_mem_install is freed) */
static atomic_llong fc_mem_used;
static atomic_ullong fc_mem_limit;   /* 0: no budget */

static _Noreturn void fc_mem_die(const char *what, size_t n)
{
    char msg[320];
    int len;
    if (atomic_exchange(&fc_mem_failing, 1)) {
        for (;;) pause();   /* another thread is already ending the process */
    }
    free(fc_mem_reserve);
    fc_mem_reserve = NULL;
    if (what == NULL)
        len = snprintf(msg, sizeof msg, "fricert: out of memory: the memory budget of %llu MB would be "
                       "exceeded (an allocation of %zu bytes, %llu MB held); raise it with --memory MB; "
                       "no partial output was left\n", atomic_load(&fc_mem_limit) >> 20, n,
                       (unsigned long long) (atomic_load(&fc_mem_used) > 0 ? atomic_load(&fc_mem_used) : 0) >> 20);
    else if (n > 0)
        len = snprintf(msg, sizeof msg, "fricert: out of memory (%s of %zu bytes failed); no partial output "
                       "was left\n", what, n);
    else
        len = snprintf(msg, sizeof msg, "fricert: internal error (%s); no partial output was left\n", what);
    if (fc_mem_hook) fc_mem_hook();
    if (len > 0 && write(2, msg, (size_t) len) < 0) { /* nothing more to do */ }
    _exit(2);
}

/* Ends the run (budget message) if n more bytes would exceed the budget. */
static void fc_mem_charge(size_t n)
{
    unsigned long long lim = atomic_load_explicit(&fc_mem_limit, memory_order_relaxed);
    long long now;
    if (lim == 0) return;
    now = atomic_load_explicit(&fc_mem_used, memory_order_relaxed);
    if (n > lim || now > (long long) (lim - n)) fc_mem_die(NULL, n);
}

static void fc_mem_count(void *p, int sign)
{
    if (p) atomic_fetch_add_explicit(&fc_mem_used, sign * (long long) malloc_usable_size(p), memory_order_relaxed);
}

static void *fc_malloc(size_t n)
{
    void *p;
    fc_mem_charge(n);
    p = malloc(n);
    if (p == NULL && n) fc_mem_die("an allocation", n);
    fc_mem_count(p, 1);
    return p;
}

static void *fc_calloc(size_t k, size_t n)
{
    void *p;
    if (k && n > (size_t) -1 / k) fc_mem_die("an allocation", (size_t) -1);
    fc_mem_charge(k * n);
    p = calloc(k, n);
    if (p == NULL && k && n) fc_mem_die("an allocation", k * n);
    fc_mem_count(p, 1);
    return p;
}

static void *fc_realloc(void *q, size_t n)
{
    void *p;
    size_t old = q ? malloc_usable_size(q) : 0;
    if (n > old) fc_mem_charge(n - old);
    p = realloc(q, n);
    if (p == NULL && n) fc_mem_die("an allocation", n);
    if (p == NULL) {   /* realloc(q, 0) freed q */
        atomic_fetch_sub_explicit(&fc_mem_used, (long long) old, memory_order_relaxed);
        return p;
    }
    atomic_fetch_add_explicit(&fc_mem_used, (long long) malloc_usable_size(p) - (long long) old,
                              memory_order_relaxed);
    return p;
}

static void fc_free(void *p)
{
    fc_mem_count(p, -1);
    free(p);
}

static void *fc_gmp_realloc(void *q, size_t old, size_t n)
{
    (void) old;
    return fc_realloc(q, n);
}

static void fc_gmp_free(void *p, size_t n)
{
    (void) n;
    fc_free(p);
}

static FLINT_NORETURN void fc_flint_abort(void)
{
    fc_mem_die("FLINT aborted", 0);
}

void fc_mem_install(void)
{
    if (fc_mem_reserve == NULL) fc_mem_reserve = malloc(1 << 20);
    if (fc_mem_reserve) memset(fc_mem_reserve, 1, 1 << 20);   /* really there */
    __flint_set_memory_functions(fc_malloc, fc_calloc, fc_realloc, fc_free);
    mp_set_memory_functions(fc_malloc, fc_gmp_realloc, fc_gmp_free);
    flint_set_abort(fc_flint_abort);
}

void fc_mem_set_hook(void (*hook)(void))
{
    fc_mem_hook = hook;
}

void fc_mem_set_budget(size_t bytes)
{
    atomic_store(&fc_mem_limit, (unsigned long long) bytes);
}

size_t fc_mem_budget(void)
{
    return (size_t) atomic_load(&fc_mem_limit);
}

size_t fc_mem_in_use(void)
{
    long long u = atomic_load(&fc_mem_used);
    return u > 0 ? (size_t) u : 0;
}

size_t fc_mem_default_budget(void)
{
    unsigned long long total = 0, cap;
    long pages = sysconf(_SC_PHYS_PAGES), psize = sysconf(_SC_PAGESIZE);
    struct rlimit rl;
    if (pages > 0 && psize > 0) total = (unsigned long long) pages * (unsigned long long) psize;
    if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
        (total == 0 || (unsigned long long) rl.rlim_cur < total))
        total = (unsigned long long) rl.rlim_cur;
    if (getrlimit(RLIMIT_DATA, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
        (total == 0 || (unsigned long long) rl.rlim_cur < total))
        total = (unsigned long long) rl.rlim_cur;
    if (total == 0) return 0;
    cap = total / 4 * 3;   /* three quarters: the rest for the libraries, the drawing, the system */
    if (cap > (unsigned long long) ((size_t) -1)) cap = (size_t) -1;
    return (size_t) cap;
}
