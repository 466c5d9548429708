/* PLACEHOLDER: prim, to be written; returns MAZE_ERR_UNSUPPORTED. */
#include "gen/gen.h"
#include <mazegen/status.h>

static int
carve_prim(struct maze__carve *ctx)
{
    (void)ctx;
    return MAZE_ERR_UNSUPPORTED;
}

const struct maze__algorithm maze__gen_prim = {
    .info =
        {
            .name = "prim",
            .description = "true Prim: random passage weights, cheapest "
                           "frontier passage first; many short dead ends",
            .grid_kinds = MAZE__ALL_KINDS,
            .streamable = false,
            .perfect = true,
        },
    .carve = carve_prim,
};
