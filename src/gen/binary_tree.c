/*
 * The binary-tree algorithm: every cell but the top-left one opens one
 * passage, west or north, so each cell's passage leads one step nearer the
 * top-left corner and the passages form a tree rooted there. Where only one
 * way exists it is taken: the top row opens west all along and the left
 * column north all along, which makes both of them unbroken corridors, the
 * algorithm's best known (and inescapable) texture.
 *
 * Bias: the weights act on the coin of a cell that could go either way: it
 * opens west (a horizontal passage) with probability h / (h + v) and north
 * otherwise, so h = v is the textbook fair coin, and a zero weight leaves
 * that direction only in the forced top row or left column.
 *
 * Streaming: a cell decides with no memory at all, so the maze is carved
 * row by row, carve_row(y) touching only row y's east edges and row y-1's
 * south edges. Row y-1 is finished once row y is carved (and the last row
 * once it is carved itself), so a row consumer could take each finished
 * row as it comes; the state between rows is nothing but y.
 */
#include "gen/gen.h"
#include <mazegen/status.h>

/* Opens the west or north passage of every cell of row y. */
static void
carve_row(struct maze__carve *ctx, uint32_t y)
{
    struct maze *m = ctx->maze;
    uint32_t w = m->grid->width;
    uint32_t row = y * w; /* < cells <= MAZE_MAX_CELLS: no overflow */
    for (uint32_t x = 0; x < w; x++) {
        uint32_t c = row + x;
        bool west;
        if (y == 0) {
            if (x == 0) {
                continue; /* the root: nowhere nearer the corner to go */
            }
            west = true;
        } else if (x == 0) {
            west = false;
        } else {
            west = maze__coin(ctx, MAZE_CLASS_H, MAZE_CLASS_V);
        }
        maze__open(m, west ? maze__rect_east(c - 1) : maze__rect_south(c - w));
    }
}

static int
carve_binary_tree(struct maze__carve *ctx)
{
    uint32_t h = ctx->maze->grid->height;
    for (uint32_t y = 0; y < h; y++) {
        carve_row(ctx, y);
    }
    return MAZE_OK;
}

const struct maze__algorithm maze__gen_binary_tree = {
    .info =
        {
            .name = "binary-tree",
            .description = "binary tree: each cell opens north or west by a "
                           "biased coin; diagonal texture",
            .grid_kinds = MAZE_KIND_BIT(MAZE_GRID_RECT),
            .streamable = true,
            .perfect = true,
        },
    .carve = carve_binary_tree,
};
