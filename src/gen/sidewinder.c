/*
 * Sidewinder: the top row is one corridor; every later row is cut into
 * runs of cells joined east-west, and each run is closed by one passage
 * north from a uniformly chosen cell of it. Every run hangs from the rows
 * above by exactly one passage, so the maze is a tree, and from every cell
 * a path reaches the top row without ever stepping south.
 *
 * Bias: the weights act on the coin tossed after each cell of a run that is
 * not against the east wall: the run goes on east (a horizontal passage)
 * with probability h / (h + v), and is closed (one vertical passage)
 * otherwise. h = v is the textbook fair coin. With v = 0 every run reaches
 * the east wall, where it is closed anyway (the maze stays connected): each
 * row is one corridor with one way up. With h = 0 every run is one cell
 * and every cell below the top row opens north.
 *
 * Streaming: a run never leaves its row, so carve_row(y) needs nothing from
 * row y-1 but the right to open its south edges; it touches row y's east
 * edges and row y-1's south edges only. Row y-1 is finished once row y is
 * carved (the last row once it is carved itself), and the state between
 * rows is O(1).
 */
#include "gen/gen.h"
#include <mazegen/status.h>

static void
carve_row(struct maze__carve *ctx, uint32_t y)
{
    struct maze *m = ctx->maze;
    uint32_t w = m->grid->width;
    uint32_t row = y * w; /* < cells <= MAZE_MAX_CELLS: no overflow */
    if (y == 0) {
        /* Nothing to close a run into: the whole row is one run. */
        for (uint32_t x = 0; x + 1 < w; x++) {
            maze__open(m, maze__rect_east(row + x));
        }
        return;
    }
    uint32_t run = 0; /* x of the run's first cell */
    for (uint32_t x = 0; x < w; x++) {
        /* The east wall closes a run whatever the coin would say, which
         * is what keeps a zero vertical weight connected. */
        if (x + 1 < w && maze__coin(ctx, MAZE_CLASS_H, MAZE_CLASS_V)) {
            maze__open(m, maze__rect_east(row + x));
            continue;
        }
        uint32_t up = run + maze__rng_below32(&ctx->rng, x - run + 1);
        maze__open(m, maze__rect_south(row - w + up));
        run = x + 1;
    }
}

static int
carve_sidewinder(struct maze__carve *ctx)
{
    uint32_t h = ctx->maze->grid->height;
    for (uint32_t y = 0; y < h; y++) {
        carve_row(ctx, y);
    }
    return MAZE_OK;
}

const struct maze__algorithm maze__gen_sidewinder = {
    .info =
        {
            .name = "sidewinder",
            .description = "sidewinder: runs along each row, each closed by "
                           "one passage north",
            .grid_kinds = MAZE_KIND_BIT(MAZE_GRID_RECT),
            .streamable = true,
            .perfect = true,
        },
    .carve = carve_sidewinder,
};
