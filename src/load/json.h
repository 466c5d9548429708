/* SPDX-License-Identifier: MIT */
/*
 * A strict JSON reader (RFC 8259) over a buffer in memory, for the
 * wall-graph loader.
 *
 * Reading is in two steps. maze__json_check() first validates the whole
 * buffer in one pass, without recursion: syntax, UTF-8, escapes and
 * surrogate pairs, raw control characters, the number grammar, nesting
 * (at most MAZE__JSON_MAX_DEPTH levels), duplicate member names in every
 * object, and nothing after the value. Its memory is one small entry per
 * member name of the objects still open, so at most proportional to the
 * input. Then the loader reads the values it wants by byte offset with the
 * functions below, which trust that check: members may come in any order,
 * so a value can be looked up first and read once what it depends on is
 * known. Everything is linear in the input.
 *
 * The first error is kept (status, byte offset, one-line message);
 * maze__json_position() turns the offset into a line and a column.
 */
#ifndef MAZE_LOAD_JSON_H
#define MAZE_LOAD_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Objects and arrays nest at most this deep. */
#define MAZE__JSON_MAX_DEPTH 64

enum maze__json_type {
    MAZE__JSON_NONE = 0,
    MAZE__JSON_OBJECT,
    MAZE__JSON_ARRAY,
    MAZE__JSON_STRING,
    MAZE__JSON_NUMBER,
    MAZE__JSON_BOOL,
    MAZE__JSON_NULL,
};

/* What maze__json_uint() found. */
enum maze__json_uint_result {
    MAZE__JSON_UINT_OK = 0,
    MAZE__JSON_UINT_NOT_NUMBER, /* another type */
    MAZE__JSON_UINT_NEGATIVE,   /* a minus sign */
    MAZE__JSON_UINT_NOT_WHOLE,  /* a fraction or an exponent */
    MAZE__JSON_UINT_TOO_LARGE,  /* above UINT64_MAX */
};

struct maze__json_name;

struct maze__json {
    const unsigned char *data;
    size_t len;
    /* The first error: status, byte offset and message. */
    int status;
    size_t err_pos;
    char message[200];
    /* Member names of the objects open during the check. */
    struct maze__json_name *names;
    size_t names_len, names_cap;
};

/* Walks the members of an object or the elements of an array. */
struct maze__json_iter {
    size_t pos; /* the container, then the value last returned */
    bool started;
};

void maze__json_init(struct maze__json *j, const void *data, size_t len);
/* Frees the check's scratch memory. */
void maze__json_finish(struct maze__json *j);

/*
 * Records an error at byte offset pos unless one is recorded already, and
 * returns the status of the first. The message should be one line without
 * a trailing period.
 */
int maze__json_fail(struct maze__json *j, size_t pos, int status,
                    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/*
 * Checks that the buffer holds exactly one JSON value (whitespace around
 * it allowed). Errors: MAZE_ERR_INVALID (with the message and offset),
 * MAZE_ERR_NOMEM.
 */
int maze__json_check(struct maze__json *j);

/* The 1-based line and column (in characters) of byte offset pos. */
void maze__json_position(const struct maze__json *j, size_t pos,
                         unsigned long *line, unsigned long *column);

/*
 * The rest read a buffer maze__json_check() accepted. A value's position
 * is the offset of its first byte; whitespace before it is skipped.
 */
size_t maze__json_value_at(const struct maze__json *j, size_t pos);
enum maze__json_type maze__json_type(const struct maze__json *j, size_t pos);

/* Starts walking the object or array at pos. */
void maze__json_iter_init(struct maze__json_iter *it, size_t pos);

/*
 * The next member of an object: its name decoded into name (cap bytes;
 * "" when the name does not fit) and its value's position. False at the
 * end.
 */
bool maze__json_next_member(const struct maze__json *j,
                            struct maze__json_iter *it, char *name, size_t cap,
                            size_t *value);

/* The next element of an array: its position. False at the end. */
bool maze__json_next_element(const struct maze__json *j,
                             struct maze__json_iter *it, size_t *value);

/*
 * The string at pos decoded into buf as UTF-8 and NUL-terminated; returns
 * its length in bytes, or SIZE_MAX when it needs more than cap - 1 bytes
 * or holds U+0000 (which a C string cannot).
 */
size_t maze__json_string(const struct maze__json *j, size_t pos, char *buf,
                         size_t cap);

/* The whole number at pos, when it is one; see the enum. */
enum maze__json_uint_result maze__json_uint(const struct maze__json *j,
                                            size_t pos, uint64_t *out);

/* The literal true or false at pos; false when it is neither. */
bool maze__json_bool(const struct maze__json *j, size_t pos, bool *out);

/*
 * Copies the bytes of the value at pos into buf (cap bytes, at least 7)
 * for a message, printable ASCII only: anything else becomes '?', and a
 * long value is cut with "..." (inside the quotes of a string, so a
 * message never ends with a period). Returns buf.
 */
const char *maze__json_excerpt(const struct maze__json *j, size_t pos,
                               char *buf, size_t cap);

#endif
