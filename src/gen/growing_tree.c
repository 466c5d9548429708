/* PLACEHOLDER: growing-tree, to be written; returns MAZE_ERR_UNSUPPORTED. */
#include "gen/gen.h"
#include <mazegen/status.h>

static int
carve_growing_tree(struct maze__carve *ctx)
{
    (void)ctx;
    return MAZE_ERR_UNSUPPORTED;
}

const struct maze__algorithm maze__gen_growing_tree = {
    .info =
        {
            .name = "growing-tree",
            .description = "growing tree: --growing picks the newest, a "
                           "random, the oldest or the middle active cell",
            .grid_kinds = MAZE__ALL_KINDS,
            .streamable = false,
            .perfect = true,
        },
    .carve = carve_growing_tree,
};
