/* SPDX-License-Identifier: MIT */
/*
 * A growing byte buffer for what the server answers: pages, JSON and the
 * files the library writes into memory, with the escaping each needs.
 * A failed allocation sticks (failed), so a caller checks once at the end.
 */
#ifndef MAZEGEN_SERVE_BUF_H
#define MAZEGEN_SERVE_BUF_H

#include <stdbool.h>
#include <stddef.h>

#include <mazegen/sink.h>

struct serve_buf {
    char *data;
    size_t len, cap;
    /* The most bytes it may hold (0: any); past it, or out of memory,
     * failed is set and nothing more is added. */
    size_t limit;
    bool failed;
};

void serve_buf_free(struct serve_buf *b);
/* Takes the bytes out (the caller frees them); the buffer is empty. */
char *serve_buf_take(struct serve_buf *b, size_t *len);
void serve_buf_add(struct serve_buf *b, const void *data, size_t len);
void serve_buf_puts(struct serve_buf *b, const char *s);
void serve_buf_printf(struct serve_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Text into HTML (element content and quoted attribute values). */
void serve_buf_html(struct serve_buf *b, const char *s);
/* Text as a JSON string, quotes included; NULL writes null. */
void serve_buf_json(struct serve_buf *b, const char *s);
/* A sink writing into b (maze_job_write()). */
struct maze_sink serve_buf_sink(struct serve_buf *b);

#endif
