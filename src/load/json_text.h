/* SPDX-License-Identifier: MIT */
/*
 * The character level of the JSON reader, shared by the check (json.c) and
 * the readers (json_read.c): whitespace, digits, and one string character
 * at a time with its escapes. Inline, since both run it for every byte.
 */
#ifndef MAZE_LOAD_JSON_TEXT_H
#define MAZE_LOAD_JSON_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/utf8.h"
#include "load/json.h"

/* Why a string could not be decoded (maze__json_decode_char's negative
 * results). */
enum {
    MAZE__STR_EOF = -1,
    MAZE__STR_CONTROL = -2,
    MAZE__STR_UTF8 = -3,
    MAZE__STR_ESCAPE = -4,
    MAZE__STR_HEX = -5,
    MAZE__STR_LONE_LOW = -6,
    MAZE__STR_LONE_HIGH = -7,
};

static inline bool
maze__json_is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

static inline bool
maze__json_is_space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static inline size_t
maze__json_space(const struct maze__json *j, size_t pos)
{
    while (pos < j->len && maze__json_is_space(j->data[pos])) {
        pos++;
    }
    return pos;
}

/* Four hex digits at d[0..3] (n readable) into *out. */
static inline bool
maze__json_hex4(const unsigned char *d, size_t n, uint32_t *out)
{
    uint32_t v = 0;
    if (n < 4) {
        return false;
    }
    for (int i = 0; i < 4; i++) {
        unsigned char c = d[i];
        unsigned digit;
        if (maze__json_is_digit(c)) {
            digit = c - '0';
        } else if (c >= 'a' && c <= 'f') {
            digit = c - 'a' + 10;
        } else if (c >= 'A' && c <= 'F') {
            digit = c - 'A' + 10;
        } else {
            return false;
        }
        v = v << 4 | digit;
    }
    *out = v;
    return true;
}

/*
 * Decodes one character of a string body at d[*pos] (n bytes in all):
 * returns 1 with *cp and *pos past it, 0 at the closing quote (*pos past
 * it), or a negative STR_* code with *pos at the problem. A \u escape of
 * a high surrogate must be followed by one of a low surrogate; the pair
 * is one character.
 */
static inline int
maze__json_decode_char(const unsigned char *d, size_t n, size_t *pos,
                       uint32_t *cp)
{
    size_t p = *pos;
    if (p >= n) {
        return MAZE__STR_EOF;
    }
    unsigned char c = d[p];
    if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
        *cp = c; /* the common case: rows are plain ASCII digits */
        *pos = p + 1;
        return 1;
    }
    if (c == '"') {
        *pos = p + 1;
        return 0;
    }
    if (c < 0x20) {
        *cp = c;
        return MAZE__STR_CONTROL;
    }
    if (c != '\\') {
        size_t len = maze__utf8_decode(d + p, n - p, cp);
        if (len == 0) {
            return MAZE__STR_UTF8;
        }
        *pos = p + len;
        return 1;
    }
    if (p + 1 >= n) {
        return MAZE__STR_EOF;
    }
    static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
    const char *e = d[p + 1] != '\0' ? strchr(from, d[p + 1]) : NULL;
    if (e != NULL) {
        *cp = (unsigned char)to[e - from];
        *pos = p + 2;
        return 1;
    }
    if (d[p + 1] != 'u') {
        return MAZE__STR_ESCAPE;
    }
    uint32_t u, lo;
    if (!maze__json_hex4(d + p + 2, n - p - 2, &u)) {
        return n - p - 2 < 4 ? MAZE__STR_EOF : MAZE__STR_HEX;
    }
    if (u >= 0xdc00 && u <= 0xdfff) {
        return MAZE__STR_LONE_LOW;
    }
    if (u >= 0xd800 && u <= 0xdbff) {
        size_t q = p + 6;
        if (q + 6 > n && memcmp(d + q, "\\u", q + 2 > n ? n - q : 2) == 0) {
            return MAZE__STR_EOF; /* cut short where the low half should be */
        }
        if (q + 1 >= n || d[q] != '\\' || d[q + 1] != 'u' ||
            !maze__json_hex4(d + q + 2, n - q - 2, &lo) || lo < 0xdc00 ||
            lo > 0xdfff) {
            return MAZE__STR_LONE_HIGH;
        }
        u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
        p += 6;
    }
    *cp = u;
    *pos = p + 6;
    return 1;
}

/*
 * Characters of a string of a checked buffer one by one, for readers that
 * want them without a copy (the passage rows): start with *it one past the
 * opening quote (maze__json_value_at(j, pos) + 1). Returns true with the
 * code point in *cp and the byte offset where it is written in *at; false
 * at the end of the string.
 */
static inline bool
maze__json_next_char(const struct maze__json *j, size_t *it, uint32_t *cp,
                     size_t *at)
{
    *at = *it;
    return maze__json_decode_char(j->data, j->len, it, cp) > 0;
}

#endif
