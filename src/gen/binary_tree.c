/* PLACEHOLDER: binary-tree, to be written; returns MAZE_ERR_UNSUPPORTED. */
#include "gen/gen.h"
#include <mazegen/status.h>

static int
carve_binary_tree(struct maze__carve *ctx)
{
    (void)ctx;
    return MAZE_ERR_UNSUPPORTED;
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
