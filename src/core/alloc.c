/* SPDX-License-Identifier: MIT */
/*
 * Overflow-checked array allocation, and big arrays on huge pages.
 *
 * A maze generator that jumps around an array of hundreds of megabytes
 * (Kruskal's union-find, Wilson's walk) misses the TLB on nearly every
 * access with 4 KiB pages; on 2 MiB pages the same array needs a few
 * hundred TLB entries instead of a hundred thousand. Linux gives huge
 * pages to regions marked with madvise(MADV_HUGEPAGE) even when they are
 * not the system's default; elsewhere the hint is simply absent.
 */
#define _DEFAULT_SOURCE /* madvise() and MADV_HUGEPAGE */

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "core/checked.h"

void *
maze__alloc_array(size_t n, size_t size, bool zero)
{
    size_t bytes;
    if (!maze__mul_size(n, size, &bytes)) {
        return NULL;
    }
    if (bytes == 0) {
        bytes = 1;
    }
    return zero ? calloc(1, bytes) : malloc(bytes);
}

/* Below this, huge pages are not worth a hint. */
#define HUGE_FROM ((size_t)8 << 20)
#define HUGE_PAGE ((size_t)MAZE__HUGE_PAGE)

void *
maze__alloc_random(size_t n, size_t size)
{
    size_t bytes;
    if (!maze__mul_size(n, size, &bytes)) {
        return NULL;
    }
#ifdef MADV_HUGEPAGE
    if (bytes >= HUGE_FROM && bytes <= SIZE_MAX - HUGE_PAGE) {
        /* Whole huge pages, aligned, so every page of it can be one. */
        size_t whole = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
        void *p = aligned_alloc(HUGE_PAGE, whole);
        if (p == NULL) {
            return NULL;
        }
        (void)madvise(p, whole, MADV_HUGEPAGE);
        return p;
    }
#endif
    return maze__alloc_array(n, size, false);
}
