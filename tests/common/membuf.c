/* SPDX-License-Identifier: MIT */
/*
 * A memory sink (membuf.h).
 */
#include <stdlib.h>
#include <string.h>

#include "membuf.h"

int
membuf_write(void *ctx, const void *data, size_t len)
{
    struct membuf *b = ctx;
    if (b->writes++ == b->fail_at || len > b->limit - b->len) {
        return -1;
    }
    if (b->len + len + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + len + 1) {
            cap *= 2;
        }
        char *p = realloc(b->data, cap);
        if (p == NULL) {
            return -1;
        }
        b->data = p;
        b->cap = cap;
    }
    memcpy(b->data + b->len, data, len);
    b->len += len;
    b->data[b->len] = '\0';
    return 0;
}

struct maze_sink
membuf_sink(struct membuf *b, size_t limit, size_t fail_at)
{
    *b = (struct membuf){.limit = limit, .fail_at = fail_at};
    return (struct maze_sink){membuf_write, b};
}
