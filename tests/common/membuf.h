/* SPDX-License-Identifier: MIT */
/*
 * Output collected in memory through a struct maze_sink: one copy for the
 * unit tests (tests/unit/support.h), the fuzz targets and the bench
 * program. Plain C with no test framework, so any of them can link it.
 */
#ifndef MAZEGEN_TESTS_MEMBUF_H
#define MAZEGEN_TESTS_MEMBUF_H

#include <stddef.h>

#include <mazegen/mazegen.h>

/*
 * Output collected in memory, kept NUL-terminated. A write fails if it is
 * number fail_at (counting every write attempted, from 0) or would take
 * the total past limit bytes; a failed write stores nothing.
 */
struct membuf {
    char *data;
    size_t len, cap;
    size_t limit;
    size_t writes;
    size_t fail_at;
};

/* The sink callback for a struct membuf passed as ctx. */
int membuf_write(void *ctx, const void *data, size_t len);

/*
 * Makes b empty, with the given limits (SIZE_MAX for none), and returns a
 * sink writing into it. b must hold nothing to free; the caller frees
 * b->data after use.
 */
struct maze_sink membuf_sink(struct membuf *b, size_t limit, size_t fail_at);

#endif
