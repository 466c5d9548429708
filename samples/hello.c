/* SPDX-License-Identifier: MIT */
/*
 * A small program using libmazegen through <mazegen/mazegen.h>: generate a
 * maze, solve it, print it as text with its solution, and optionally write
 * it as SVG to the file named on the command line.
 *
 *     cc hello.c $(pkg-config --cflags --libs mazegen) -o hello
 *     ./hello maze.svg
 */
#include <stdio.h>

#include <mazegen/mazegen.h>

/* A sink writing to a stdio stream: the library only knows callbacks. */
static int
write_file(void *ctx, const void *data, size_t len)
{
    return fwrite(data, 1, len, ctx) == len ? 0 : -1;
}

static int
fail(const char *what, int rc)
{
    /* The status in words, and what was wrong when the library says. */
    const char *detail = maze_error_detail();
    fprintf(stderr, "hello: %s: %s%s%s\n", what, maze_strerror(rc),
            *detail ? ": " : "", detail);
    return 1;
}

int
main(int argc, char **argv)
{
    struct maze_grid *grid = NULL;
    struct maze *maze = NULL;
    struct maze_path *path = NULL;
    int status = 1;

    int rc = maze_grid_create_rect(15, 8, &grid);
    if (rc != MAZE_OK) {
        return fail("grid", rc);
    }
    rc = maze_create(grid, &maze);
    if (rc != MAZE_OK) {
        fail("maze", rc);
        goto out;
    }
    /* Options start from their INIT macro, which records the struct's
     * size, then set what differs from the defaults. */
    struct maze_generate_options gen = MAZE_GENERATE_OPTIONS_INIT;
    gen.algorithm = "kruskal";
    gen.seed = 7;
    rc = maze_bias_parse("h=2,v=1", maze_grid_kind(grid), &gen.bias);
    if (rc == MAZE_OK) {
        rc = maze_generate(maze, &gen);
    }
    if (rc == MAZE_OK) {
        rc = maze_solve(maze, &path);
    }
    if (rc != MAZE_OK) {
        fail("generate", rc);
        goto out;
    }
    printf("%u passages, solution of %zu cells\n",
           (unsigned)maze_passage_count(maze), path->length);

    struct maze_export_options opt = MAZE_EXPORT_OPTIONS_INIT;
    opt.solution = path;
    struct maze_sink out = {write_file, stdout};
    rc = maze_export(maze, "text", &opt, &out);
    if (rc != MAZE_OK) {
        fail("text", rc);
        goto out;
    }
    if (argc > 1) {
        FILE *f = fopen(argv[1], "wb");
        if (f == NULL) {
            perror(argv[1]);
            goto out;
        }
        struct maze_sink file = {write_file, f};
        rc = maze_export(maze, "svg", &opt, &file);
        if (fclose(f) != 0 || rc != MAZE_OK) {
            fail(argv[1], rc != MAZE_OK ? rc : MAZE_ERR_IO);
            goto out;
        }
    }
    status = 0;
out:
    maze_path_destroy(path);
    maze_destroy(maze);
    maze_grid_destroy(grid);
    return status;
}
