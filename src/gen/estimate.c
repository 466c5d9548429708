/*
 * How much memory maze_generate() needs, worked out before anything is
 * allocated, so a caller can refuse a request that would not fit instead
 * of being killed half way through.
 *
 * Each algorithm's scratch memory is a formula in the cell, edge and
 * column counts, kept in its registry entry (maze__algorithm.scratch)
 * beside the allocations it counts, so this file lists no algorithm; the
 * bench program prints the estimate beside the peak it measures, and a
 * unit test checks it against every registered algorithm. Here the
 * formula is combined with what every run holds: the maze itself, and
 * the endpoint search that runs once the carve has freed its scratch.
 */
#include "gen/gen.h"
#include <mazegen/status.h>

int
maze_generate_estimate(uint32_t width, uint32_t height,
                       const struct maze_generate_options *opt, uint64_t *bytes)
{
    if (opt == NULL || bytes == NULL) {
        return MAZE_ERR_INVALID;
    }
    const struct maze__algorithm *alg = maze__algorithm_named(opt->algorithm);
    if (alg == NULL) {
        return MAZE_ERR_INVALID;
    }
    if (width == 0 || height == 0) {
        return MAZE_ERR_RANGE;
    }
    struct maze__dims d = {
        .cells = (uint64_t)width * height,
        .edges = maze__sat_add((uint64_t)(width - 1) * height,
                               (uint64_t)width * (height - 1)),
        .width = width,
        .height = height,
        .opt = opt,
    };
    uint64_t scratch = alg->scratch(&d);
    /* The endpoint search runs after the carve has freed its scratch: a
     * distance and a queue entry per cell. */
    uint64_t search = opt->endpoints == MAZE_ENDPOINTS_LONGEST
                          ? maze__sat_mul(8, d.cells)
                          : 0;
    *bytes = maze__sat_add(maze__sat_bits(maze__sat_mul(2, d.cells)),
                           scratch > search ? scratch : search);
    return MAZE_OK;
}
