/* PLACEHOLDER: division, to be written; returns MAZE_ERR_UNSUPPORTED. */
#include "gen/gen.h"
#include <mazegen/status.h>

static int
carve_division(struct maze__carve *ctx)
{
    (void)ctx;
    return MAZE_ERR_UNSUPPORTED;
}

const struct maze__algorithm maze__gen_division = {
    .info =
        {
            .name = "division",
            .description = "recursive division: walls added to an open field; "
                           "--rooms leaves open rooms",
            .grid_kinds = MAZE_KIND_BIT(MAZE_GRID_RECT),
            .streamable = false,
            .perfect = true,
        },
    .carve = carve_division,
};
