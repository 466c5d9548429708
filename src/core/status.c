/* SPDX-License-Identifier: MIT */
/* Status codes and their descriptions. */
#include <mazegen/status.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "status_impl.h"
#include "utf8.h"

const char *
maze_strerror(int status)
{
    switch (status) {
    case MAZE_OK:
        return "success";
    case MAZE_ERR_NOMEM:
        return "out of memory";
    case MAZE_ERR_INVALID:
        return "invalid argument";
    case MAZE_ERR_RANGE:
        return "value out of range";
    case MAZE_ERR_IO:
        return "write failed";
    case MAZE_ERR_BACKEND:
        return "graphics library failure";
    case MAZE_ERR_UNSUPPORTED:
        return "not supported";
    case MAZE_ERR_CANCELLED:
        return "cancelled";
    default:
        return "unknown error";
    }
}

/*
 * The detail of the calling thread's last failure. A fixed buffer: setting
 * it never allocates, so it works when memory has run out, and there is
 * nothing to free when a thread ends.
 */
static _Thread_local char detail[MAZE__DETAIL_MAX];

const char *
maze_error_detail(void)
{
    return detail;
}

void
maze__detail_clear(void)
{
    detail[0] = '\0';
}

int
maze__fail(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    if (n < 0) {
        detail[0] = '\0';
    }
    /* One line of printable text whatever the arguments held: control
     * characters and bytes that are not well-formed UTF-8 become '?'. */
    unsigned char *c = (unsigned char *)detail;
    size_t left = strlen(detail);
    while (left > 0) {
        uint32_t cp;
        size_t len = maze__utf8_decode(c, left, &cp);
        if (len == 0 || cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0)) {
            *c = '?';
            len = 1;
        }
        c += len;
        left -= len;
    }
    return status;
}

int
maze__fail_unknown(const char *what, const char *name,
                   const char *(*name_at)(size_t index))
{
    char known[160] = "";
    for (size_t i = 0; name_at(i) != NULL; i++) {
        if (i > 0) {
            strncat(known, ", ", sizeof(known) - strlen(known) - 1);
        }
        strncat(known, name_at(i), sizeof(known) - strlen(known) - 1);
    }
    return maze__fail(MAZE_ERR_INVALID, "unknown %s \"%.40s\" (known: %s)",
                      what, name, known);
}

bool
maze__detail_set(void)
{
    return detail[0] != '\0';
}
