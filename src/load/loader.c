/* SPDX-License-Identifier: MIT */
/*
 * Reading the members of a wall-graph document: finding an object's
 * members, requiring them, and reading whole numbers and strings, each
 * failure recorded with the path of the member it concerns. The bottom
 * of the loader: load.c (the document) and rect_rows.c (the passages)
 * both read through these, and these call neither.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "load/loader.h"
#include <mazegen/status.h>

bool
maze__load_members(struct maze__loader *l, size_t pos, const char *path,
                   const char *const *names, size_t n, size_t *at)
{
    for (size_t i = 0; i < n; i++) {
        at[i] = MAZE__ABSENT;
    }
    if (maze__json_type(&l->j, pos) != MAZE__JSON_OBJECT) {
        maze__json_fail(&l->j, maze__json_value_at(&l->j, pos),
                        MAZE_ERR_INVALID, "%s: expected an object", path);
        return false;
    }
    struct maze__json_iter it;
    maze__json_iter_init(&it, maze__json_value_at(&l->j, pos));
    char name[32];
    size_t value;
    while (maze__json_next_member(&l->j, &it, name, sizeof(name), &value)) {
        for (size_t i = 0; i < n; i++) {
            if (strcmp(name, names[i]) == 0) {
                at[i] = value;
            }
        }
    }
    return true;
}

bool
maze__load_require(struct maze__loader *l, size_t pos, const char *path,
                   const char *const *names, size_t n, const size_t *at)
{
    for (size_t i = 0; i < n; i++) {
        if (at[i] == MAZE__ABSENT) {
            maze__json_fail(&l->j, maze__json_value_at(&l->j, pos),
                            MAZE_ERR_INVALID, "%s%smissing member \"%s\"", path,
                            path[0] ? ": " : "", names[i]);
            return false;
        }
    }
    return true;
}

bool
maze__load_uint(struct maze__loader *l, size_t pos, const char *path,
                uint64_t min, uint64_t max, uint64_t *out)
{
    uint64_t v = 0;
    enum maze__json_uint_result r = maze__json_uint(&l->j, pos, &v);
    int status = MAZE_ERR_RANGE;
    if (r == MAZE__JSON_UINT_NOT_NUMBER || r == MAZE__JSON_UINT_NOT_WHOLE) {
        status = MAZE_ERR_INVALID;
    } else if (r == MAZE__JSON_UINT_OK && v >= min && v <= max) {
        *out = v;
        return true;
    }
    maze__json_fail(&l->j, maze__json_value_at(&l->j, pos), status,
                    "%s: expected a whole number from %" PRIu64 " to %" PRIu64,
                    path, min, max);
    return false;
}

bool
maze__load_string(struct maze__loader *l, size_t pos, const char *path,
                  char *buf, size_t cap)
{
    pos = maze__json_value_at(&l->j, pos);
    if (maze__json_type(&l->j, pos) != MAZE__JSON_STRING) {
        maze__json_fail(&l->j, pos, MAZE_ERR_INVALID, "%s: expected a string",
                        path);
        return false;
    }
    if (maze__json_string(&l->j, pos, buf, cap) == SIZE_MAX) {
        maze__json_fail(&l->j, pos, MAZE_ERR_RANGE,
                        "%s: expected a string of at most %zu bytes of "
                        "UTF-8, without \\u0000",
                        path, cap - 1);
        return false;
    }
    return true;
}

void
maze__load_cell_form(const struct maze_grid_kind *kind, char *buf, size_t cap)
{
    size_t used = 0;
    buf[0] = '\0';
    for (unsigned c = 0; c < kind->coord_count && used < cap; c++) {
        int n = snprintf(buf + used, cap - used, "%s%s", c ? ", " : "",
                         kind->coord_names[c]);
        used += n > 0 ? (size_t)n : 0;
    }
}
