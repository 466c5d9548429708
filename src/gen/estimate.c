/* SPDX-License-Identifier: MIT */
/*
 * How much memory maze_generate() needs, worked out before anything is
 * allocated, so a caller can refuse a request that would not fit instead
 * of being killed half way through.
 *
 * Each algorithm's scratch memory is a formula in the cell, edge and
 * column counts, kept in its registry entry (maze__algorithm.scratch)
 * beside the allocations it counts, so this file lists no algorithm; the
 * bench program prints the estimate beside the peak it measures, and a
 * unit test checks it against every registered algorithm. Here the
 * formula is combined with what every run holds: the maze itself, and
 * the endpoint search that runs once the carve has freed its scratch.
 */
#include "gen/gen.h"
#include <mazegen/status.h>

/*
 * The endpoint search (src/solve/search.c) on a maze of `cells` cells: a
 * walk whose stack holds at most a byte a cell, and on a kind without
 * the rectangle's arithmetic a fixed table of neighbours; where the maze
 * has loops (division's rooms), after the walk has freed its stack, two
 * bits a cell and a queue of at most four bytes a cell.
 */
static uint64_t
search_bytes(const struct maze__dims *d)
{
    uint64_t walk = maze__sat_add(d->cells, (uint64_t)1 << 19);
    if (d->opt->room_size < 2) {
        return walk;
    }
    uint64_t bfs = maze__sat_add(maze__sat_mul(4, d->cells), d->cells / 4 + 1);
    return walk > bfs ? walk : bfs;
}

/* The scratch of alg, or the endpoint search that runs after it has freed
 * its scratch, and the maze's bits. */
static uint64_t
with_maze(const struct maze__algorithm *alg, const struct maze__dims *d,
          uint64_t slots)
{
    uint64_t scratch =
        d->opt->fractal >= 2 ? maze__fractal_scratch(alg, d) : alg->scratch(d);
    uint64_t search =
        d->opt->endpoints != MAZE_ENDPOINTS_CORNERS ? search_bytes(d) : 0;
    return maze__sat_add(maze__sat_bits(slots),
                         scratch > search ? scratch : search);
}

/* The options taken, bytes checked and the algorithm found. */
static int
estimate_begin(const struct maze_generate_options *given,
               struct maze_generate_options *copy, const uint64_t *bytes,
               const struct maze__algorithm **alg)
{
    int rc = maze__generate_options_take(copy, given);
    if (rc == MAZE_OK && bytes == NULL) {
        rc = MAZE_ERR_INVALID;
    }
    return rc == MAZE_OK ? maze__algorithm_lookup(copy->algorithm, alg) : rc;
}

int
maze_generate_estimate(uint32_t width, uint32_t height,
                       const struct maze_generate_options *given,
                       uint64_t *bytes)
{
    struct maze_generate_options copy;
    const struct maze_generate_options *opt = &copy;
    const struct maze__algorithm *alg;
    int rc = estimate_begin(given, &copy, bytes, &alg);
    if (rc != MAZE_OK) {
        return rc;
    }
    if (width == 0 || height == 0) {
        return maze__fail(MAZE_ERR_RANGE, "%s 0: a maze has at least one cell",
                          width == 0 ? "width" : "height");
    }
    struct maze__dims d = {
        .cells = (uint64_t)width * height,
        .edges = maze__sat_add((uint64_t)(width - 1) * height,
                               (uint64_t)width * (height - 1)),
        .width = width,
        .height = height,
        .classes = 2,
        .opt = opt,
    };
    *bytes = with_maze(alg, &d, maze__sat_mul(2, d.cells));
    return MAZE_OK;
}

int
maze_generate_estimate_grid(const struct maze_grid_kind *kind,
                            const struct maze_grid_params *grid,
                            const struct maze_generate_options *given,
                            uint64_t *bytes)
{
    struct maze_generate_options copy;
    const struct maze_generate_options *opt = &copy;
    const struct maze__algorithm *alg;
    int rc = estimate_begin(given, &copy, bytes, &alg);
    if (rc != MAZE_OK) {
        return rc;
    }
    uint64_t cells, slots, table;
    rc = maze_grid_measure(kind, grid, &cells, &slots, &table);
    if (rc != MAZE_OK) {
        return rc;
    }
    /* Every slot may hold an edge: a bound that needs no grid. */
    struct maze__dims d = {
        .cells = cells,
        .edges = slots,
        .width = grid->size[MAZE_SIZE_WIDTH],
        .height = grid->size[MAZE_SIZE_HEIGHT],
        .classes = kind->class_count,
        .opt = opt,
    };
    if (d.width == 0 || d.height == 0) {
        d.width = cells;
        d.height = 1;
    }
    *bytes = maze__sat_add(with_maze(alg, &d, slots), table);
    return MAZE_OK;
}
