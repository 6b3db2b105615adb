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

#endif
