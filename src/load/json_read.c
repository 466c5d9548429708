/* SPDX-License-Identifier: MIT */
/*
 * The readers of json.h, for a buffer maze__json_check() accepted: values
 * by byte offset, members and elements walked in place, strings decoded
 * on demand. They trust the check for the syntax but never read outside
 * the buffer.
 */
#include <string.h>

#include "core/utf8.h"
#include "load/json.h"
#include "load/json_text.h"

size_t
maze__json_value_at(const struct maze__json *j, size_t pos)
{
    return maze__json_space(j, pos);
}

enum maze__json_type
maze__json_type(const struct maze__json *j, size_t pos)
{
    pos = maze__json_space(j, pos);
    if (pos >= j->len) {
        return MAZE__JSON_NONE;
    }
    switch (j->data[pos]) {
    case '{':
        return MAZE__JSON_OBJECT;
    case '[':
        return MAZE__JSON_ARRAY;
    case '"':
        return MAZE__JSON_STRING;
    case 't':
    case 'f':
        return MAZE__JSON_BOOL;
    case 'n':
        return MAZE__JSON_NULL;
    default:
        return MAZE__JSON_NUMBER;
    }
}

/* Past the value at pos, in a checked buffer: only brackets, strings
 * and the ends of scalars matter. */
static size_t
skip_value(const struct maze__json *j, size_t pos)
{
    const unsigned char *d = j->data;
    size_t depth = 0;
    pos = maze__json_space(j, pos);
    do {
        if (pos >= j->len) {
            return pos;
        }
        unsigned char c = d[pos];
        if (c == '"') {
            pos++;
            while (pos < j->len && d[pos] != '"') {
                pos += d[pos] == '\\' ? 2 : 1;
            }
            pos++;
        } else if (c == '{' || c == '[') {
            depth++;
            pos++;
        } else if (c == '}' || c == ']') {
            depth--;
            pos++;
        } else if (c == ',' || c == ':' || maze__json_is_space(c)) {
            pos++;
        } else {
            while (pos < j->len && d[pos] != ',' && d[pos] != '}' &&
                   d[pos] != ']' && !maze__json_is_space(d[pos])) {
                pos++;
            }
        }
    } while (depth > 0);
    return pos < j->len ? pos : j->len;
}

void
maze__json_iter_init(struct maze__json_iter *it, size_t pos)
{
    *it = (struct maze__json_iter){.pos = pos, .started = false};
}

/* Moves to the next item of the container walked by it: its position, or
 * SIZE_MAX at the closing bracket. */
static size_t
next_item(const struct maze__json *j, struct maze__json_iter *it)
{
    size_t p;
    if (!it->started) {
        it->started = true;
        p = maze__json_space(j, maze__json_space(j, it->pos) + 1);
    } else {
        p = maze__json_space(j, skip_value(j, it->pos));
        if (p < j->len && j->data[p] == ',') {
            p = maze__json_space(j, p + 1);
        }
    }
    if (p >= j->len || j->data[p] == '}' || j->data[p] == ']') {
        it->pos = p;
        return SIZE_MAX;
    }
    return p;
}

bool
maze__json_next_member(const struct maze__json *j, struct maze__json_iter *it,
                       char *name, size_t cap, size_t *value)
{
    size_t p = next_item(j, it);
    if (p == SIZE_MAX) {
        return false;
    }
    if (maze__json_string(j, p, name, cap) == SIZE_MAX) {
        name[0] = '\0';
    }
    p = maze__json_space(j, skip_value(j, p)); /* at the colon */
    *value = it->pos = maze__json_space(j, p + 1);
    return true;
}

bool
maze__json_next_element(const struct maze__json *j, struct maze__json_iter *it,
                        size_t *value)
{
    size_t p = next_item(j, it);
    if (p == SIZE_MAX) {
        return false;
    }
    *value = it->pos = p;
    return true;
}

size_t
maze__json_string(const struct maze__json *j, size_t pos, char *buf, size_t cap)
{
    size_t p = maze__json_space(j, pos) + 1, len = 0;
    uint32_t cp;
    if (cap == 0) {
        return SIZE_MAX;
    }
    buf[0] = '\0';
    while (maze__json_decode_char(j->data, j->len, &p, &cp) > 0) {
        unsigned char enc[4];
        size_t n = maze__utf8_encode(cp, enc);
        if (cp == 0 || n > cap - 1 - len) {
            buf[0] = '\0';
            return SIZE_MAX;
        }
        memcpy(buf + len, enc, n);
        len += n;
    }
    buf[len] = '\0';
    return len;
}

enum maze__json_uint_result
maze__json_uint(const struct maze__json *j, size_t pos, uint64_t *out)
{
    const unsigned char *d = j->data;
    pos = maze__json_space(j, pos);
    if (maze__json_type(j, pos) != MAZE__JSON_NUMBER) {
        return MAZE__JSON_UINT_NOT_NUMBER;
    }
    if (d[pos] == '-') {
        return MAZE__JSON_UINT_NEGATIVE;
    }
    uint64_t v = 0;
    bool overflow = false;
    for (; pos < j->len && maze__json_is_digit(d[pos]); pos++) {
        unsigned digit = d[pos] - '0';
        if (v > (UINT64_MAX - digit) / 10) {
            overflow = true;
        }
        v = v * 10 + digit;
    }
    if (pos < j->len && (d[pos] == '.' || d[pos] == 'e' || d[pos] == 'E')) {
        return MAZE__JSON_UINT_NOT_WHOLE;
    }
    if (overflow) {
        return MAZE__JSON_UINT_TOO_LARGE;
    }
    *out = v;
    return MAZE__JSON_UINT_OK;
}

bool
maze__json_bool(const struct maze__json *j, size_t pos, bool *out)
{
    pos = maze__json_space(j, pos);
    if (j->len - pos >= 4 && memcmp(j->data + pos, "true", 4) == 0) {
        *out = true;
        return true;
    }
    if (j->len - pos >= 5 && memcmp(j->data + pos, "false", 5) == 0) {
        *out = false;
        return true;
    }
    return false;
}

const char *
maze__json_excerpt(const struct maze__json *j, size_t pos, char *buf,
                   size_t cap)
{
    pos = maze__json_space(j, pos);
    size_t end = skip_value(j, pos), n = 0;
    bool string = pos < end && j->data[pos] == '"';
    /* Room for "..." and, after a string, its closing quote, so that a
     * cut excerpt still reads as what it is. */
    size_t keep = cap > 6 ? cap - 6 : 0;
    for (size_t i = pos; i < end && n < keep; i++) {
        unsigned char c = j->data[i];
        buf[n++] = c >= 0x20 && c < 0x7f ? (char)c : '?';
    }
    if (pos + n < end && cap > 6) {
        memcpy(buf + n, string ? "...\"" : "...", string ? 4 : 3);
        n += string ? 4 : 3;
    }
    if (cap > 0) {
        buf[n < cap ? n : cap - 1] = '\0';
    }
    return buf;
}
