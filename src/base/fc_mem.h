/* fc_mem.h -- running out of memory ends the program cleanly.
 *
 * fc_mem_install routes FLINT's and GMP's allocations (and flint_abort)
 * through wrappers: when an allocation fails, a reserve block is released,
 * the registered hook runs (cli report removes its private folder there),
 * "fricert: out of memory ..." is printed and the process exits with
 * status 2 (instead of FLINT's abort, status 134). Process-wide by nature:
 * the allocators are. */
#ifndef FC_MEM_H
#define FC_MEM_H

#include <stddef.h>

void fc_mem_install(void);

/* The hook run once before exiting on a failed allocation (NULL: none). It
 * must not rely on much memory: 1 MB has been released for it. */
void fc_mem_set_hook(void (*hook)(void));

/* The memory budget. Every allocation through FLINT, Arb, GMP and
 * flint_malloc is counted (by malloc_usable_size); one that would bring the
 * bytes held above the budget ends the process like a failed allocation
 * (hook, then "fricert: out of memory: the memory budget of B MB would be
 * exceeded ...", exit 2) before the system allocator can fail. 0: no
 * budget (the default until set). Memory the drawing libraries (Cairo,
 * libharu, jansson) take with malloc is not counted. */
void fc_mem_set_budget(size_t bytes);
size_t fc_mem_budget(void);
/* Bytes held now through the counted allocators. */
size_t fc_mem_in_use(void);
/* Three quarters of the smallest of physical memory, RLIMIT_AS and
 * RLIMIT_DATA (0 if none is known). */
size_t fc_mem_default_budget(void);

#endif
