/* fc_mem.c -- see fc_mem.h. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <gmp.h>
#include <flint/flint.h>
#include "base/fc_mem.h"

static void *fc_mem_reserve;
static void (*volatile fc_mem_hook)(void);
static atomic_int fc_mem_failing;

static _Noreturn void fc_mem_die(const char *what, size_t n)
{
    char msg[160];
    int len;
    if (atomic_exchange(&fc_mem_failing, 1)) {
        for (;;) pause();   /* another thread is already ending the process */
    }
    free(fc_mem_reserve);
    fc_mem_reserve = NULL;
    if (n > 0)
        len = snprintf(msg, sizeof msg, "fricert: out of memory (%s of %zu bytes failed); no partial output "
                       "was left\n", what, n);
    else
        len = snprintf(msg, sizeof msg, "fricert: internal error (%s); no partial output was left\n", what);
    if (fc_mem_hook) fc_mem_hook();
    if (len > 0 && write(2, msg, (size_t) len) < 0) { /* nothing more to do */ }
    _exit(2);
}

static void *fc_malloc(size_t n)
{
    void *p = malloc(n);
    if (p == NULL && n) fc_mem_die("an allocation", n);
    return p;
}

static void *fc_calloc(size_t k, size_t n)
{
    void *p = calloc(k, n);
    if (p == NULL && k && n) fc_mem_die("an allocation", k * n);
    return p;
}

static void *fc_realloc(void *q, size_t n)
{
    void *p = realloc(q, n);
    if (p == NULL && n) fc_mem_die("an allocation", n);
    return p;
}

static void fc_free(void *p)
{
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
    free(p);
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
