/* PLACEHOLDER: unicursal, to be written. */
#include <mazegen/shape.h>
#include <mazegen/status.h>

int
maze_unicursal(const struct maze *maze, struct maze_grid **grid_out,
               struct maze **maze_out)
{
    (void)maze, (void)grid_out, (void)maze_out;
    return MAZE_ERR_UNSUPPORTED;
}
