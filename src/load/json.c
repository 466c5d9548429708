/* SPDX-License-Identifier: MIT */
/*
 * The check of the JSON reader (json.h): one loop over the buffer with an
 * explicit stack of open containers (never recursion, so hostile nesting
 * cannot exhaust the C stack), reporting the first problem with its byte
 * offset. Duplicate member names are found when an object closes, by
 * sorting its names by hash and then by content: O(n log n) whatever
 * names an attacker picks, where pairwise comparison would be quadratic.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/checked.h"
#include "load/json.h"
#include "load/json_text.h"
#include <mazegen/status.h>

/* A member name of an open object, for the duplicate check. */
struct maze__json_name {
    uint64_t hash;
    const unsigned char *text; /* just past the opening quote */
    size_t room;               /* bytes readable from text */
};

void
maze__json_init(struct maze__json *j, const void *data, size_t len)
{
    *j = (struct maze__json){.data = data, .len = len, .err_pos = SIZE_MAX};
}

void
maze__json_finish(struct maze__json *j)
{
    free(j->names);
    j->names = NULL;
    j->names_len = j->names_cap = 0;
}

int
maze__json_fail(struct maze__json *j, size_t pos, int status, const char *fmt,
                ...)
{
    if (j->status != MAZE_OK) {
        return j->status;
    }
    j->status = status;
    j->err_pos = pos;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(j->message, sizeof(j->message), fmt, ap);
    va_end(ap);
    return status;
}

/* The byte at pos, described for a message. */
static const char *
found(const struct maze__json *j, size_t pos, char *buf, size_t cap)
{
    if (pos >= j->len) {
        return "the end of the file";
    }
    unsigned char c = j->data[pos];
    if (c > 0x20 && c < 0x7f) {
        snprintf(buf, cap, "'%c'", c);
    } else {
        snprintf(buf, cap, "byte 0x%02x", (unsigned)c);
    }
    return buf;
}

/* Checks the string at data[*pos] (its opening quote); hash of content. */
static bool
check_string(struct maze__json *j, size_t *pos, uint64_t *hash)
{
    uint64_t h = 14695981039346656037u; /* FNV-1a */
    size_t p = *pos + 1;
    uint32_t cp;
    int r;
    while ((r = maze__json_decode_char(j->data, j->len, &p, &cp)) > 0) {
        h = (h ^ cp) * 1099511628211u;
    }
    switch (r) {
    case 0:
        *pos = p;
        *hash = h;
        return true;
    case MAZE__STR_EOF:
        maze__json_fail(j, j->len, MAZE_ERR_INVALID,
                        "unexpected end of the file inside a string");
        break;
    case MAZE__STR_CONTROL:
        maze__json_fail(j, p, MAZE_ERR_INVALID,
                        "control character U+%04X inside a string (write "
                        "it as an escape)",
                        (unsigned)cp);
        break;
    case MAZE__STR_UTF8:
        maze__json_fail(j, p, MAZE_ERR_INVALID,
                        "invalid UTF-8 inside a string");
        break;
    case MAZE__STR_ESCAPE:
    case MAZE__STR_HEX:
        maze__json_fail(j, p, MAZE_ERR_INVALID,
                        "invalid escape sequence (expected \\\", \\\\, \\/, "
                        "\\b, \\f, \\n, \\r, \\t or \\u and four hex digits)");
        break;
    default:
        maze__json_fail(j, p, MAZE_ERR_INVALID,
                        "lone surrogate: a \\u escape of U+D800 to U+DFFF "
                        "must be a high one followed by a low one");
        break;
    }
    return false;
}

/* Checks the number at data[*pos] against the grammar of RFC 8259. */
static bool
check_number(struct maze__json *j, size_t *pos)
{
    const unsigned char *d = j->data;
    size_t p = *pos, n = j->len;
    if (d[p] == '-') {
        p++;
    }
    if (p >= n || !maze__json_is_digit(d[p])) {
        maze__json_fail(j, p, MAZE_ERR_INVALID, "expected a digit after '-'");
        return false;
    }
    if (d[p] == '0' && p + 1 < n && maze__json_is_digit(d[p + 1])) {
        maze__json_fail(j, p, MAZE_ERR_INVALID,
                        "a number must not start with a 0 followed by "
                        "more digits");
        return false;
    }
    while (p < n && maze__json_is_digit(d[p])) {
        p++;
    }
    if (p < n && d[p] == '.') {
        p++;
        if (p >= n || !maze__json_is_digit(d[p])) {
            maze__json_fail(j, p, MAZE_ERR_INVALID,
                            "expected a digit after the decimal point");
            return false;
        }
        while (p < n && maze__json_is_digit(d[p])) {
            p++;
        }
    }
    if (p < n && (d[p] == 'e' || d[p] == 'E')) {
        p++;
        if (p < n && (d[p] == '+' || d[p] == '-')) {
            p++;
        }
        if (p >= n || !maze__json_is_digit(d[p])) {
            maze__json_fail(j, p, MAZE_ERR_INVALID,
                            "expected a digit in the exponent");
            return false;
        }
        while (p < n && maze__json_is_digit(d[p])) {
            p++;
        }
    }
    *pos = p;
    return true;
}

/* Orders names by hash, then by content, so duplicates end up adjacent. */
static int
name_cmp(const void *pa, const void *pb)
{
    const struct maze__json_name *a = pa, *b = pb;
    if (a->hash != b->hash) {
        return a->hash < b->hash ? -1 : 1;
    }
    size_t i = 0, k = 0;
    for (;;) {
        uint32_t ca = 0, cb = 0;
        int ra = maze__json_decode_char(a->text, a->room, &i, &ca);
        int rb = maze__json_decode_char(b->text, b->room, &k, &cb);
        if (ra <= 0 || rb <= 0) {
            return (ra > 0) - (rb > 0);
        }
        if (ca != cb) {
            return ca < cb ? -1 : 1;
        }
    }
}

/* Records a member name (text just past its opening quote). */
static bool
add_name(struct maze__json *j, size_t text, uint64_t hash)
{
    if (j->names_len == j->names_cap) {
        size_t cap = j->names_cap ? j->names_cap : 16, bytes;
        if (!maze__mul_size(cap, 2 * sizeof(*j->names), &bytes)) {
            maze__json_fail(j, text, MAZE_ERR_NOMEM, "out of memory");
            return false;
        }
        struct maze__json_name *p = realloc(j->names, bytes);
        if (p == NULL) {
            maze__json_fail(j, text, MAZE_ERR_NOMEM, "out of memory");
            return false;
        }
        j->names = p;
        j->names_cap = cap * 2;
    }
    j->names[j->names_len++] =
        (struct maze__json_name){hash, j->data + text, j->len - text};
    return true;
}

/* Checks the names recorded since mark (one object's) and drops them. */
static bool
check_duplicates(struct maze__json *j, size_t mark)
{
    struct maze__json_name *v = j->names + mark;
    size_t n = j->names_len - mark;
    j->names_len = mark;
    if (n < 2) {
        return true;
    }
    qsort(v, n, sizeof(*v), name_cmp);
    /* Report the second occurrence that comes first in the file. */
    const unsigned char *dup = NULL;
    for (size_t i = 1; i < n; i++) {
        if (name_cmp(&v[i - 1], &v[i]) == 0) {
            const unsigned char *later =
                v[i].text > v[i - 1].text ? v[i].text : v[i - 1].text;
            if (dup == NULL || later < dup) {
                dup = later;
            }
        }
    }
    if (dup == NULL) {
        return true;
    }
    size_t pos = (size_t)(dup - j->data) - 1;
    char name[48];
    maze__json_fail(j, pos, MAZE_ERR_INVALID, "duplicate member name %s",
                    maze__json_excerpt(j, pos, name, sizeof(name)));
    return false;
}

/* A member name at *pos, the colon after it, and the space up to the value. */
static bool
check_member_name(struct maze__json *j, size_t *pos)
{
    char what[16];
    size_t p = *pos;
    uint64_t hash;
    if (p >= j->len || j->data[p] != '"') {
        maze__json_fail(j, p, MAZE_ERR_INVALID,
                        "expected a member name in double quotes, found %s",
                        found(j, p, what, sizeof(what)));
        return false;
    }
    if (!check_string(j, &p, &hash) || !add_name(j, *pos + 1, hash)) {
        return false;
    }
    p = maze__json_space(j, p);
    if (p >= j->len || j->data[p] != ':') {
        maze__json_fail(j, p, MAZE_ERR_INVALID,
                        "expected ':' after a member name, found %s",
                        found(j, p, what, sizeof(what)));
        return false;
    }
    *pos = maze__json_space(j, p + 1);
    return true;
}

/* Checks a scalar at *pos and moves past it. */
static bool
check_scalar(struct maze__json *j, size_t *pos)
{
    static const char *const literals[] = {"true", "false", "null"};
    unsigned char c = j->data[*pos];
    uint64_t hash;
    if (c == '"') {
        return check_string(j, pos, &hash);
    }
    if (c == '-' || maze__json_is_digit(c)) {
        return check_number(j, pos);
    }
    for (int i = 0; i < 3; i++) {
        size_t n = strlen(literals[i]), room = j->len - *pos;
        if (c != (unsigned char)literals[i][0]) {
            continue;
        }
        if (room >= n && memcmp(j->data + *pos, literals[i], n) == 0) {
            *pos += n;
            return true;
        }
        if (room < n && memcmp(j->data + *pos, literals[i], room) == 0) {
            maze__json_fail(j, j->len, MAZE_ERR_INVALID,
                            "unexpected end of the file inside %s",
                            literals[i]);
            return false;
        }
    }
    char what[16];
    if (c == 't' || c == 'f' || c == 'n') {
        maze__json_fail(j, *pos, MAZE_ERR_INVALID,
                        "invalid literal (expected true, false or null)");
    } else {
        maze__json_fail(j, *pos, MAZE_ERR_INVALID, "expected a value, found %s",
                        found(j, *pos, what, sizeof(what)));
    }
    return false;
}

int
maze__json_check(struct maze__json *j)
{
    unsigned char open[MAZE__JSON_MAX_DEPTH]; /* '{' or '[' per level */
    size_t marks[MAZE__JSON_MAX_DEPTH];       /* names_len at each '{' */
    unsigned depth = 0;
    char what[16];
    size_t pos = maze__json_space(j, 0);
    if (pos == j->len) {
        return maze__json_fail(j, pos, MAZE_ERR_INVALID,
                               j->len == 0 ? "the file is empty"
                                           : "the file holds no JSON value");
    }
    bool want_value = true;
    for (;;) {
        if (want_value) {
            if (pos >= j->len) {
                return maze__json_fail(
                    j, pos, MAZE_ERR_INVALID,
                    "unexpected end of the file, expected a value");
            }
            unsigned char c = j->data[pos];
            if (c != '{' && c != '[') {
                if (!check_scalar(j, &pos)) {
                    return j->status;
                }
                want_value = false;
                continue;
            }
            if (depth == MAZE__JSON_MAX_DEPTH) {
                return maze__json_fail(j, pos, MAZE_ERR_INVALID,
                                       "nested deeper than %d levels",
                                       MAZE__JSON_MAX_DEPTH);
            }
            open[depth] = c;
            marks[depth] = j->names_len;
            depth++;
            pos = maze__json_space(j, pos + 1);
            if (pos < j->len && j->data[pos] == (c == '{' ? '}' : ']')) {
                depth--;
                pos++;
                want_value = false;
            } else if (c == '{' && !check_member_name(j, &pos)) {
                return j->status;
            }
            continue;
        }
        pos = maze__json_space(j, pos);
        if (depth == 0) {
            if (pos != j->len) {
                return maze__json_fail(j, pos, MAZE_ERR_INVALID,
                                       "unexpected %s after the end of the "
                                       "JSON value",
                                       found(j, pos, what, sizeof(what)));
            }
            return MAZE_OK;
        }
        bool object = open[depth - 1] == '{';
        unsigned char c = pos < j->len ? j->data[pos] : 0;
        if (pos < j->len && c == ',') {
            pos = maze__json_space(j, pos + 1);
            if (object && !check_member_name(j, &pos)) {
                return j->status;
            }
            want_value = true;
        } else if (pos < j->len && c == (object ? '}' : ']')) {
            if (object && !check_duplicates(j, marks[depth - 1])) {
                return j->status;
            }
            depth--;
            pos++;
        } else {
            return maze__json_fail(j, pos, MAZE_ERR_INVALID,
                                   object ? "expected ',' or '}' after an "
                                            "object member, found %s"
                                          : "expected ',' or ']' after an "
                                            "array element, found %s",
                                   found(j, pos, what, sizeof(what)));
        }
    }
}

void
maze__json_position(const struct maze__json *j, size_t pos, unsigned long *line,
                    unsigned long *column)
{
    unsigned long l = 1, c = 1;
    if (pos > j->len) {
        pos = j->len;
    }
    for (size_t i = 0; i < pos; i++) {
        if (j->data[i] == '\n') {
            l++;
            c = 1;
        } else if ((j->data[i] & 0xc0) != 0x80) {
            c++; /* a character starts here: continuation bytes do not */
        }
    }
    *line = l;
    *column = c;
}
