/* SPDX-License-Identifier: MIT */
/*
 * Strict UTF-8 decoding (RFC 3629), shared by the wall-graph writer, which
 * must never emit invalid UTF-8 whatever bytes a caller stored in the
 * provenance, and the wall-graph reader, which rejects invalid UTF-8.
 * Overlong forms, surrogates (U+D800..U+DFFF) and code points past
 * U+10FFFF are all malformed, as the RFC requires.
 */
#ifndef MAZE_CORE_UTF8_H
#define MAZE_CORE_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/*
 * Decodes the sequence at s, of which n >= 1 bytes are readable: returns
 * its length (1 to 4) and sets *cp, or returns 0 when the bytes there are
 * not a well-formed sequence (then *cp is unspecified).
 */
static inline size_t
maze__utf8_decode(const unsigned char *s, size_t n, uint32_t *cp)
{
    unsigned char b = s[0];
    size_t len;
    uint32_t min, c;
    if (b < 0x80) {
        *cp = b;
        return 1;
    } else if (b >= 0xc2 && b <= 0xdf) {
        len = 2, min = 0x80, c = b & 0x1fu;
    } else if (b >= 0xe0 && b <= 0xef) {
        len = 3, min = 0x800, c = b & 0x0fu;
    } else if (b >= 0xf0 && b <= 0xf4) {
        len = 4, min = 0x10000, c = b & 0x07u;
    } else {
        return 0; /* a continuation byte, 0xc0, 0xc1 or 0xf5..0xff */
    }
    if (n < len) {
        return 0;
    }
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80) {
            return 0;
        }
        c = (c << 6) | (s[i] & 0x3fu);
    }
    if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff)) {
        return 0;
    }
    *cp = c;
    return len;
}

/* Encodes a code point below 0x110000 into out (4 bytes); returns length. */
static inline size_t
maze__utf8_encode(uint32_t cp, unsigned char *out)
{
    if (cp < 0x80) {
        out[0] = (unsigned char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (unsigned char)(0xc0 | (cp >> 6));
        out[1] = (unsigned char)(0x80 | (cp & 0x3f));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (unsigned char)(0xe0 | (cp >> 12));
        out[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
        out[2] = (unsigned char)(0x80 | (cp & 0x3f));
        return 3;
    }
    out[0] = (unsigned char)(0xf0 | (cp >> 18));
    out[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3f));
    out[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
    out[3] = (unsigned char)(0x80 | (cp & 0x3f));
    return 4;
}

/*
 * Whether the string s is well-formed UTF-8 throughout (false for NULL):
 * what sheet titles and instructions must be.
 */
static inline bool
maze__utf8_valid(const char *s)
{
    if (s == NULL) {
        return false;
    }
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s);
    for (size_t i = 0, len; i < n; i += len) {
        uint32_t cp;
        len = maze__utf8_decode(p + i, n - i, &cp);
        if (len == 0) {
            return false;
        }
    }
    return true;
}

/* Whether XML 1.0 allows code point cp in a document (its Char
 * production): tab, line feed, carriage return, and from U+0020 up except
 * surrogates, U+FFFE and U+FFFF. */
static inline bool
maze__xml_char(uint32_t cp)
{
    return cp == 0x9 || cp == 0xa || cp == 0xd ||
           (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) ||
           (cp >= 0x10000 && cp <= 0x10ffff);
}

/*
 * Whether s is valid UTF-8 of characters XML 1.0 allows. Otherwise, *bad
 * (when not NULL) gets the byte offset of the first fault and *cp its
 * code point (UINT32_MAX where the bytes are not UTF-8).
 */
static inline bool
maze__xml_text(const char *s, size_t *bad, uint32_t *cp)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s);
    for (size_t i = 0, len; i < n; i += len) {
        uint32_t c;
        len = maze__utf8_decode(p + i, n - i, &c);
        if (len == 0 || !maze__xml_char(c)) {
            if (bad != NULL) {
                *bad = i;
            }
            if (cp != NULL) {
                *cp = len == 0 ? UINT32_MAX : c;
            }
            return false;
        }
    }
    return true;
}

#endif
