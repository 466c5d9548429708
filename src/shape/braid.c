/* PLACEHOLDER: braid, to be written. */
#include <mazegen/shape.h>
#include <mazegen/status.h>

int
maze_braid(struct maze *maze, uint32_t fraction, uint64_t seed)
{
    (void)maze, (void)fraction, (void)seed;
    return MAZE_ERR_UNSUPPORTED;
}
