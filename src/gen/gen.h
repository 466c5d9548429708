/*
 * The private side of the generator registry: each algorithm file exposes
 * one `const struct maze__algorithm`, listed in registry.c.
 */
#ifndef MAZE_GEN_GEN_H
#define MAZE_GEN_GEN_H

#include "core/grid_impl.h"
#include "core/maze_impl.h"
#include "core/rng.h"
#include <mazegen/generate.h>

/* What a carve function is given: an all-walls maze and its randomness. */
struct maze__carve {
    struct maze *maze;
    struct maze_rng rng;
    /*
     * Effective weights, never all zero: equal weights (all zero included)
     * are replaced by MAZE_WEIGHT_ONE each, so any scale of "no bias"
     * carves the unbiased maze.
     */
    struct maze_bias bias;
    /* The caller's options, for algorithm parameters (growing, rooms). */
    const struct maze_generate_options *opt;
    /*
     * Set by carve when the result is not perfect (division with rooms),
     * and the parameters to record ("rooms=3"); empty when none.
     */
    bool imperfect;
    char params[64];
};

struct maze__algorithm {
    struct maze_algorithm_info info;
    /*
     * Opens passages in ctx->maze, whose edges are all closed on entry,
     * drawing every random decision from ctx->rng. Returns MAZE_OK or
     * MAZE_ERR_NOMEM (leaving the maze in an unspecified state).
     */
    int (*carve)(struct maze__carve *ctx);
};

extern const struct maze__algorithm maze__gen_backtracker;
extern const struct maze__algorithm maze__gen_kruskal;
extern const struct maze__algorithm maze__gen_prim;
extern const struct maze__algorithm maze__gen_prim_simple;
extern const struct maze__algorithm maze__gen_aldous_broder;
extern const struct maze__algorithm maze__gen_wilson;
extern const struct maze__algorithm maze__gen_hunt_and_kill;
extern const struct maze__algorithm maze__gen_binary_tree;
extern const struct maze__algorithm maze__gen_sidewinder;
extern const struct maze__algorithm maze__gen_eller;
extern const struct maze__algorithm maze__gen_growing_tree;
extern const struct maze__algorithm maze__gen_division;

/* Every grid kind, for algorithms that use only the grid interface. */
#define MAZE__ALL_KINDS MAZE_KIND_BIT(MAZE_GRID_RECT)

/*
 * Picks one of n candidate edges with probability proportional to the
 * weight of its direction class; uniformly when all weigh zero. Integer
 * arithmetic only, so the choice is the same on every machine.
 */
unsigned maze__pick_weighted(struct maze__carve *ctx, const uint32_t *edges,
                             unsigned n);

/*
 * True with probability weight[a] / (weight[a] + weight[b]) of two direction
 * classes (a fair coin when both weigh zero): the biased coin of
 * binary-tree, sidewinder and Eller.
 */
bool maze__coin(struct maze__carve *ctx, enum maze_dir_class a,
                enum maze_dir_class b);

/* Visited bits, one per cell (a helper many carvers share). */
static inline bool
maze__bit_get(const uint64_t *bits, uint32_t i)
{
    return (bits[i >> 6] >> (i & 63)) & 1u;
}

static inline void
maze__bit_set(uint64_t *bits, uint32_t i)
{
    bits[i >> 6] |= (uint64_t)1 << (i & 63);
}

#endif
