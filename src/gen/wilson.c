/* PLACEHOLDER: wilson, to be written; returns MAZE_ERR_UNSUPPORTED. */
#include "gen/gen.h"
#include <mazegen/status.h>

static int
carve_wilson(struct maze__carve *ctx)
{
    (void)ctx;
    return MAZE_ERR_UNSUPPORTED;
}

const struct maze__algorithm maze__gen_wilson = {
    .info =
        {
            .name = "wilson",
            .description =
                "Wilson's loop-erased random walks: uniform over all mazes",
            .grid_kinds = MAZE__ALL_KINDS,
            .streamable = false,
            .perfect = true,
        },
    .carve = carve_wilson,
};
