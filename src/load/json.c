/*
 * The strict JSON reader of json.h. The check is one loop over the buffer
 * with an explicit stack of open containers (never recursion, so hostile
 * nesting cannot exhaust the C stack), reporting the first problem with
 * its byte offset. Duplicate member names are found when an object
 * closes, by sorting its names by hash and then by content: O(n log n)
 * whatever names an attacker picks, where pairwise comparison would be
 * quadratic.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/checked.h"
#include "core/utf8.h"
#include "load/json.h"
#include <mazegen/status.h>

/* A member name of an open object, for the duplicate check. */
struct maze__json_name {
    uint64_t hash;
    const unsigned char *text; /* just past the opening quote */
    size_t room;               /* bytes readable from text */
};

/* Why a string could not be decoded (decode_char's negative results). */
enum {
    STR_EOF = -1,
    STR_CONTROL = -2,
    STR_UTF8 = -3,
    STR_ESCAPE = -4,
    STR_HEX = -5,
    STR_LONE_LOW = -6,
    STR_LONE_HIGH = -7,
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

static bool
is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

static bool
is_space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static size_t
space(const struct maze__json *j, size_t pos)
{
    while (pos < j->len && is_space(j->data[pos])) {
        pos++;
    }
    return pos;
}

/* Four hex digits at d[0..3] (n readable) into *out. */
static bool
hex4(const unsigned char *d, size_t n, uint32_t *out)
{
    uint32_t v = 0;
    if (n < 4) {
        return false;
    }
    for (int i = 0; i < 4; i++) {
        unsigned char c = d[i];
        unsigned digit;
        if (is_digit(c)) {
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
static int
decode_char(const unsigned char *d, size_t n, size_t *pos, uint32_t *cp)
{
    size_t p = *pos;
    if (p >= n) {
        return STR_EOF;
    }
    unsigned char c = d[p];
    if (c == '"') {
        *pos = p + 1;
        return 0;
    }
    if (c < 0x20) {
        *cp = c;
        return STR_CONTROL;
    }
    if (c != '\\') {
        size_t len = maze__utf8_decode(d + p, n - p, cp);
        if (len == 0) {
            return STR_UTF8;
        }
        *pos = p + len;
        return 1;
    }
    if (p + 1 >= n) {
        return STR_EOF;
    }
    static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
    const char *e = d[p + 1] != '\0' ? strchr(from, d[p + 1]) : NULL;
    if (e != NULL) {
        *cp = (unsigned char)to[e - from];
        *pos = p + 2;
        return 1;
    }
    if (d[p + 1] != 'u') {
        return STR_ESCAPE;
    }
    uint32_t u, lo;
    if (!hex4(d + p + 2, n - p - 2, &u)) {
        return n - p - 2 < 4 ? STR_EOF : STR_HEX;
    }
    if (u >= 0xdc00 && u <= 0xdfff) {
        return STR_LONE_LOW;
    }
    if (u >= 0xd800 && u <= 0xdbff) {
        size_t q = p + 6;
        if (q + 6 > n && memcmp(d + q, "\\u", q + 2 > n ? n - q : 2) == 0) {
            return STR_EOF; /* cut short where the low half should be */
        }
        if (q + 1 >= n || d[q] != '\\' || d[q + 1] != 'u' ||
            !hex4(d + q + 2, n - q - 2, &lo) || lo < 0xdc00 || lo > 0xdfff) {
            return STR_LONE_HIGH;
        }
        u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
        p += 6;
    }
    *cp = u;
    *pos = p + 6;
    return 1;
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
    while ((r = decode_char(j->data, j->len, &p, &cp)) > 0) {
        h = (h ^ cp) * 1099511628211u;
    }
    switch (r) {
    case 0:
        *pos = p;
        *hash = h;
        return true;
    case STR_EOF:
        maze__json_fail(j, j->len, MAZE_ERR_INVALID,
                        "unexpected end of the file inside a string");
        break;
    case STR_CONTROL:
        maze__json_fail(j, p, MAZE_ERR_INVALID,
                        "control character U+%04X inside a string (write "
                        "it as an escape)",
                        (unsigned)cp);
        break;
    case STR_UTF8:
        maze__json_fail(j, p, MAZE_ERR_INVALID,
                        "invalid UTF-8 inside a string");
        break;
    case STR_ESCAPE:
    case STR_HEX:
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
    if (p >= n || !is_digit(d[p])) {
        maze__json_fail(j, p, MAZE_ERR_INVALID, "expected a digit after '-'");
        return false;
    }
    if (d[p] == '0' && p + 1 < n && is_digit(d[p + 1])) {
        maze__json_fail(j, p, MAZE_ERR_INVALID,
                        "a number must not start with a 0 followed by "
                        "more digits");
        return false;
    }
    while (p < n && is_digit(d[p])) {
        p++;
    }
    if (p < n && d[p] == '.') {
        p++;
        if (p >= n || !is_digit(d[p])) {
            maze__json_fail(j, p, MAZE_ERR_INVALID,
                            "expected a digit after the decimal point");
            return false;
        }
        while (p < n && is_digit(d[p])) {
            p++;
        }
    }
    if (p < n && (d[p] == 'e' || d[p] == 'E')) {
        p++;
        if (p < n && (d[p] == '+' || d[p] == '-')) {
            p++;
        }
        if (p >= n || !is_digit(d[p])) {
            maze__json_fail(j, p, MAZE_ERR_INVALID,
                            "expected a digit in the exponent");
            return false;
        }
        while (p < n && is_digit(d[p])) {
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
        int ra = decode_char(a->text, a->room, &i, &ca);
        int rb = decode_char(b->text, b->room, &k, &cb);
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
    p = space(j, p);
    if (p >= j->len || j->data[p] != ':') {
        maze__json_fail(j, p, MAZE_ERR_INVALID,
                        "expected ':' after a member name, found %s",
                        found(j, p, what, sizeof(what)));
        return false;
    }
    *pos = space(j, p + 1);
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
    if (c == '-' || is_digit(c)) {
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
    size_t pos = space(j, 0);
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
            pos = space(j, pos + 1);
            if (pos < j->len && j->data[pos] == (c == '{' ? '}' : ']')) {
                depth--;
                pos++;
                want_value = false;
            } else if (c == '{' && !check_member_name(j, &pos)) {
                return j->status;
            }
            continue;
        }
        pos = space(j, pos);
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
            pos = space(j, pos + 1);
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

size_t
maze__json_value_at(const struct maze__json *j, size_t pos)
{
    return space(j, pos);
}

enum maze__json_type
maze__json_type(const struct maze__json *j, size_t pos)
{
    pos = space(j, pos);
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
    pos = space(j, pos);
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
        } else if (c == ',' || c == ':' || is_space(c)) {
            pos++;
        } else {
            while (pos < j->len && d[pos] != ',' && d[pos] != '}' &&
                   d[pos] != ']' && !is_space(d[pos])) {
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
        p = space(j, space(j, it->pos) + 1);
    } else {
        p = space(j, skip_value(j, it->pos));
        if (p < j->len && j->data[p] == ',') {
            p = space(j, p + 1);
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
    p = space(j, skip_value(j, p)); /* at the colon */
    *value = it->pos = space(j, p + 1);
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

bool
maze__json_next_char(const struct maze__json *j, size_t *it, uint32_t *cp,
                     size_t *at)
{
    *at = *it;
    return decode_char(j->data, j->len, it, cp) > 0;
}

size_t
maze__json_string(const struct maze__json *j, size_t pos, char *buf, size_t cap)
{
    size_t p = space(j, pos) + 1, len = 0;
    uint32_t cp;
    if (cap == 0) {
        return SIZE_MAX;
    }
    buf[0] = '\0';
    while (decode_char(j->data, j->len, &p, &cp) > 0) {
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
    pos = space(j, pos);
    if (maze__json_type(j, pos) != MAZE__JSON_NUMBER) {
        return MAZE__JSON_UINT_NOT_NUMBER;
    }
    if (d[pos] == '-') {
        return MAZE__JSON_UINT_NEGATIVE;
    }
    uint64_t v = 0;
    bool overflow = false;
    for (; pos < j->len && is_digit(d[pos]); pos++) {
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
    pos = space(j, pos);
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
    pos = space(j, pos);
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
