/* PLACEHOLDER: prim-simple, to be written; returns MAZE_ERR_UNSUPPORTED. */
#include "gen/gen.h"
#include <mazegen/status.h>

static int
carve_prim_simple(struct maze__carve *ctx)
{
    (void)ctx;
    return MAZE_ERR_UNSUPPORTED;
}

const struct maze__algorithm maze__gen_prim_simple = {
    .info =
        {
            .name = "prim-simple",
            .description = "simplified Prim: a random frontier cell joins a "
                           "random visited neighbour",
            .grid_kinds = MAZE__ALL_KINDS,
            .streamable = false,
            .perfect = true,
        },
    .carve = carve_prim_simple,
};
