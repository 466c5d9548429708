/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for maze_load_json(). Beyond "no crash, no leak, no
 * undefined behaviour" (the sanitizers' part), it checks what the loader
 * promises: a rejected file gets NULL objects and a one-line printable
 * message with a position; an accepted file gives a maze that the json
 * exporter writes, the loader reads back, and the exporter writes again
 * to the same bytes, and that the text exporter can draw. Any broken
 * promise aborts, which the fuzzer reports with the input.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <mazegen/mazegen.h>

#include "membuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check(int condition)
{
    if (!condition) {
        abort();
    }
}

static void
check_error(const struct maze_load_error *err, int rc)
{
    size_t n = strnlen(err->message, sizeof(err->message));
    check(n > 0 && n < sizeof(err->message));
    for (size_t i = 0; i < n; i++) {
        check(err->message[i] >= 0x20 && err->message[i] < 0x7f);
    }
    check(err->message[n - 1] != '.');
    /* Only running out of memory is not tied to a place in the file. */
    check(rc == MAZE_ERR_NOMEM || (err->line >= 1 && err->column >= 1));
}

/* Exports m as json, with its solution when it has one. */
static struct membuf
save(const struct maze *m)
{
    struct membuf b;
    struct maze_sink sink = membuf_sink(&b, SIZE_MAX, SIZE_MAX);
    struct maze_path *path = NULL;
    if (maze_solve(m, &path) != MAZE_OK) {
        path = NULL;
    }
    struct maze_export_options opt = {
        .struct_size = sizeof(struct maze_export_options), .solution = path};
    check(maze_export(m, "json", &opt, &sink) == MAZE_OK);
    maze_path_destroy(path);
    return b;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct maze_grid *grid = NULL, *grid2 = NULL;
    struct maze *maze = NULL, *maze2 = NULL;
    struct maze_load_error err;
    int rc = maze_load_json(data, size, &grid, &maze, &err);
    if (rc != MAZE_OK) {
        check(grid == NULL && maze == NULL);
        check_error(&err, rc);
        return 0;
    }
    check(err.message[0] == '\0');

    struct membuf first = save(maze);
    rc = maze_load_json(first.data, first.len, &grid2, &maze2, &err);
    check(rc == MAZE_OK);
    struct membuf second = save(maze2);
    check(first.len == second.len &&
          memcmp(first.data, second.data, first.len) == 0);

    /* Text draws whole rectangles; every kind draws through the layout. */
    struct membuf text;
    struct maze_sink sink = membuf_sink(&text, SIZE_MAX, SIZE_MAX);
    bool whole_rect = !maze_grid_masked(grid2) &&
                      strcmp(maze_grid_kind_name(grid2), "rect") == 0;
    rc = maze_export(maze2, whole_rect ? "text" : "svg", NULL, &sink);
    check(rc == MAZE_OK);

    free(text.data);
    free(second.data);
    free(first.data);
    maze_destroy(maze2);
    maze_grid_destroy(grid2);
    maze_destroy(maze);
    maze_grid_destroy(grid);
    return 0;
}
