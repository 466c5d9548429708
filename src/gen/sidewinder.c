/* PLACEHOLDER: sidewinder, to be written; returns MAZE_ERR_UNSUPPORTED. */
#include "gen/gen.h"
#include <mazegen/status.h>

static int
carve_sidewinder(struct maze__carve *ctx)
{
    (void)ctx;
    return MAZE_ERR_UNSUPPORTED;
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
