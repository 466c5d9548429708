/* SPDX-License-Identifier: MIT */
/*
 * How large a wall-graph file may be: maze_load_json_limit(), and the
 * bound maze_load_json() holds a file to once its grid is read. The one
 * design decision: the bound is the grid's, so a reader of a stream can
 * stop as soon as the grid has gone by, and a grid comes third in every
 * file mazegen writes. The prefix is scanned for the top-level "grid"
 * object without checking the rest (which may still be arriving); the
 * object alone is then checked as JSON and read as the loader reads it.
 */
#include <stdio.h>
#include <string.h>

#include "load/json.h"
#include "load/loader.h"
#include <mazegen/grid.h>
#include <mazegen/load.h>
#include <mazegen/status.h>

/* The most slots a cell of any kind owns (upsilon's octagons, zeta). */
#define MOST_SLOTS 4

uint64_t
maze__load_bound(uint64_t slots, uint64_t rows)
{
    /* Every slot may be a passage of two cell names ("[x, y]" pairs of
     * up to 26 bytes written, more indented by a pretty-printer); every
     * cell a step of the solution, a mask character and a rect-rows
     * digit, each cell owning a slot at least; every row a quoted line. */
    return MAZE__LOAD_SLACK + 192 * slots + 64 * rows;
}

/*
 * Finds the top-level member named "grid" whose object lies whole in
 * s[0 .. n-1]: its first and last byte. A name written with escapes is
 * not recognised (the bound is then the largest grid's).
 */
static bool
find_grid(const unsigned char *s, size_t n, size_t *from, size_t *to)
{
    unsigned depth = 0;
    bool in_string = false, escaped = false, is_name = false;
    bool grid_name = false, after_colon = false;
    bool started = false;
    size_t str_start = 0, start = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = s[i];
        if (in_string) {
            if (escaped) {
                escaped = false;
            } else if (c == '\\') {
                escaped = true;
                is_name = false; /* escaped names are not matched */
            } else if (c == '"') {
                in_string = false;
                if (depth == 1 && is_name) {
                    grid_name = i - str_start == 4 &&
                                memcmp(s + str_start, "grid", 4) == 0;
                }
            }
            continue;
        }
        switch (c) {
        case '"':
            in_string = true;
            str_start = i + 1;
            /* At depth 1, a string before a colon is a member's name. */
            is_name = depth == 1 && !after_colon;
            break;
        case ':':
            after_colon = after_colon || depth == 1;
            break;
        case ',':
            if (depth == 1) {
                after_colon = false;
                grid_name = false;
            }
            break;
        case '{':
        case '[':
            if (depth == 1 && c == '{' && grid_name && after_colon) {
                start = i;
                started = true;
            }
            if (++depth > MAZE__JSON_MAX_DEPTH) {
                return false;
            }
            break;
        case '}':
        case ']':
            if (depth == 0) {
                return false;
            }
            depth--;
            if (depth == 1 && started) {
                *from = start;
                *to = i;
                return true;
            }
            break;
        default:
            break;
        }
    }
    return false;
}

/* The kind and sizes of the grid object text[0 .. n-1]; false when they
 * are not those of a grid this library can make. */
static bool
read_sizes(const unsigned char *text, size_t n, uint64_t *slots, uint64_t *rows)
{
    static const char *const size_names[MAZE_SIZE_COUNT] = {
        "width", "height", "levels", "room", "panels"};
    struct maze__json j;
    maze__json_init(&j, text, n);
    int rc = maze__json_check(&j);
    maze__json_finish(&j);
    if (rc != MAZE_OK) {
        return false;
    }
    const struct maze_grid_kind *kind = NULL;
    struct maze_grid_params p = MAZE_GRID_PARAMS_INIT;
    struct maze__json_iter it;
    maze__json_iter_init(&it, maze__json_value_at(&j, 0));
    char name[32];
    size_t at;
    while (maze__json_next_member(&j, &it, name, sizeof(name), &at)) {
        at = maze__json_value_at(&j, at);
        if (strcmp(name, "kind") == 0) {
            char k[32];
            if (maze__json_type(&j, at) == MAZE__JSON_STRING &&
                maze__json_string(&j, at, k, sizeof(k)) != SIZE_MAX) {
                kind = maze_grid_kind_find(k);
            }
            continue;
        }
        for (int i = 0; i < MAZE_SIZE_COUNT; i++) {
            uint64_t v;
            if (strcmp(name, size_names[i]) == 0 &&
                maze__json_uint(&j, at, &v) == MAZE__JSON_UINT_OK &&
                v <= UINT32_MAX) {
                p.size[i] = (uint32_t)v;
            }
        }
    }
    uint64_t cells;
    if (kind == NULL ||
        maze_grid_measure(kind, &p, &cells, slots, NULL) != MAZE_OK) {
        return false;
    }
    *rows = p.size[MAZE_SIZE_HEIGHT];
    return true;
}

bool
maze_load_json_limit(const void *data, size_t len, uint64_t *limit)
{
    uint64_t slots, rows;
    size_t from, to;
    bool known = data != NULL && find_grid(data, len, &from, &to) &&
                 read_sizes((const unsigned char *)data + from, to - from + 1,
                            &slots, &rows);
    if (!known) {
        slots = (uint64_t)MOST_SLOTS * MAZE_MAX_CELLS;
        rows = MAZE_MAX_CELLS;
    }
    if (limit != NULL) {
        *limit = maze__load_bound(slots, rows);
    }
    return known;
}
