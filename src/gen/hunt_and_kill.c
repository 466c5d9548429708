/* PLACEHOLDER: hunt-and-kill, to be written; returns MAZE_ERR_UNSUPPORTED. */
#include "gen/gen.h"
#include <mazegen/status.h>

static int
carve_hunt_and_kill(struct maze__carve *ctx)
{
    (void)ctx;
    return MAZE_ERR_UNSUPPORTED;
}

const struct maze__algorithm maze__gen_hunt_and_kill = {
    .info =
        {
            .name = "hunt-and-kill",
            .description = "hunt-and-kill: random walk until stuck, then hunt "
                           "for an unvisited cell beside the maze",
            .grid_kinds = MAZE__ALL_KINDS,
            .streamable = false,
            .perfect = true,
        },
    .carve = carve_hunt_and_kill,
};
