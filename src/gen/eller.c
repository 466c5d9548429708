/* PLACEHOLDER: eller, to be written; returns MAZE_ERR_UNSUPPORTED. */
#include "gen/gen.h"
#include <mazegen/status.h>

static int
carve_eller(struct maze__carve *ctx)
{
    (void)ctx;
    return MAZE_ERR_UNSUPPORTED;
}

const struct maze__algorithm maze__gen_eller = {
    .info =
        {
            .name = "eller",
            .description = "Eller: one row of sets at a time, memory "
                           "proportional to the width",
            .grid_kinds = MAZE_KIND_BIT(MAZE_GRID_RECT),
            .streamable = true,
            .perfect = true,
        },
    .carve = carve_eller,
};
