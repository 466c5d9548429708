/* SPDX-License-Identifier: MIT */
#include "serve/buf.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void
serve_buf_free(struct serve_buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

char *
serve_buf_take(struct serve_buf *b, size_t *len)
{
    char *d = b->data;
    *len = b->len;
    b->data = NULL;
    b->len = b->cap = 0;
    return d;
}

static bool
reserve(struct serve_buf *b, size_t more)
{
    if (b->failed) {
        return false;
    }
    if (more > SIZE_MAX / 2 - b->len ||
        (b->limit != 0 && b->len + more > b->limit)) {
        b->failed = true;
        return false;
    }
    if (b->len + more + 1 <= b->cap) {
        return true;
    }
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + more + 1) {
        cap *= 2;
    }
    char *d = realloc(b->data, cap);
    if (d == NULL) {
        b->failed = true;
        return false;
    }
    b->data = d;
    b->cap = cap;
    return true;
}

void
serve_buf_add(struct serve_buf *b, const void *data, size_t len)
{
    if (reserve(b, len)) {
        memcpy(b->data + b->len, data, len);
        b->len += len;
        b->data[b->len] = '\0';
    }
}

void
serve_buf_puts(struct serve_buf *b, const char *s)
{
    serve_buf_add(b, s, strlen(s));
}

void
serve_buf_printf(struct serve_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char small[256];
    int n = vsnprintf(small, sizeof(small), fmt, ap);
    va_end(ap);
    if (n < 0) {
        b->failed = true;
        return;
    }
    if ((size_t)n < sizeof(small)) {
        serve_buf_add(b, small, (size_t)n);
        return;
    }
    if (!reserve(b, (size_t)n)) {
        return;
    }
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void
serve_buf_html(struct serve_buf *b, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&':
            serve_buf_puts(b, "&amp;");
            break;
        case '<':
            serve_buf_puts(b, "&lt;");
            break;
        case '>':
            serve_buf_puts(b, "&gt;");
            break;
        case '"':
            serve_buf_puts(b, "&quot;");
            break;
        case '\'':
            serve_buf_puts(b, "&#39;");
            break;
        default:
            serve_buf_add(b, s, 1);
        }
    }
}

/* The length of the well-formed UTF-8 sequence at s, or 0. */
static size_t
utf8_length(const unsigned char *s)
{
    unsigned c = s[0];
    size_t n = c < 0x80                 ? 1
               : c >= 0xc2 && c <= 0xdf ? 2
               : c >= 0xe0 && c <= 0xef ? 3
               : c >= 0xf0 && c <= 0xf4 ? 4
                                        : 0;
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80) {
            return 0;
        }
    }
    /* Overlong forms, surrogates and past U+10FFFF. */
    if ((c == 0xe0 && s[1] < 0xa0) || (c == 0xed && s[1] > 0x9f) ||
        (c == 0xf0 && s[1] < 0x90) || (c == 0xf4 && s[1] > 0x8f)) {
        return 0;
    }
    return n;
}

void
serve_buf_json(struct serve_buf *b, const char *s)
{
    if (s == NULL) {
        serve_buf_puts(b, "null");
        return;
    }
    serve_buf_puts(b, "\"");
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            serve_buf_printf(b, "\\%c", c);
        } else if (c == '\n') {
            serve_buf_puts(b, "\\n");
        } else if (c < 0x20 || c == 0x7f) {
            serve_buf_printf(b, "\\u%04x", c);
        } else if (c == '<') {
            /* Never "</script>" or "<!--" in JSON a page might hold. */
            serve_buf_puts(b, "\\u003c");
        } else if (c < 0x80) {
            serve_buf_add(b, s, 1);
        } else {
            /* JSON is UTF-8: a byte that is not stands as U+FFFD. */
            size_t n = utf8_length((const unsigned char *)s);
            if (n == 0) {
                serve_buf_puts(b, "\\ufffd");
            } else {
                serve_buf_add(b, s, n);
                s += n - 1;
            }
        }
    }
    serve_buf_puts(b, "\"");
}

static int
sink_write(void *ctx, const void *data, size_t len)
{
    struct serve_buf *b = ctx;
    serve_buf_add(b, data, len);
    return b->failed ? -1 : 0;
}

struct maze_sink
serve_buf_sink(struct serve_buf *b)
{
    return (struct maze_sink){sink_write, b};
}
