/* SPDX-License-Identifier: MIT */
/*
 * The error detail behind maze_error_detail(): public entry points empty
 * it when they start, and the code that finds a problem records it where
 * it returns the status, as `return maze__fail(MAZE_ERR_RANGE, "...")`.
 */
#ifndef MAZE_CORE_STATUS_IMPL_H
#define MAZE_CORE_STATUS_IMPL_H

#include <stdbool.h>
#include <stddef.h>

/* The longest detail kept, terminator included; longer ones are cut. */
#define MAZE__DETAIL_MAX 512

/* Empties the calling thread's detail. */
void maze__detail_clear(void);

/* Records a printf-style detail (control characters and malformed UTF-8
 * become '?') and returns status. */
int maze__fail(int status, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/*
 * Records "unknown WHAT \"name\" (known: a, b, ...)" from a registry read
 * by name_at(0), name_at(1), ... up to NULL, and returns
 * MAZE_ERR_INVALID.
 */
int maze__fail_unknown(const char *what, const char *name,
                       const char *(*name_at)(size_t index));

/* Whether a detail has been recorded since the last clear. */
bool maze__detail_set(void);

#endif
