/* PLACEHOLDER: aldous-broder, to be written; returns MAZE_ERR_UNSUPPORTED. */
#include "gen/gen.h"
#include <mazegen/status.h>

static int
carve_aldous_broder(struct maze__carve *ctx)
{
    (void)ctx;
    return MAZE_ERR_UNSUPPORTED;
}

const struct maze__algorithm maze__gen_aldous_broder = {
    .info =
        {
            .name = "aldous-broder",
            .description = "Aldous-Broder random walk: uniform over all mazes; "
                           "slow above about 2000x2000",
            .grid_kinds = MAZE__ALL_KINDS,
            .streamable = false,
            .perfect = true,
        },
    .carve = carve_aldous_broder,
};
