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
    /* Effective weights: never all zero (all zero is replaced by all one). */
    struct maze_bias bias;
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

/*
 * Picks one of n candidate edges with probability proportional to the
 * weight of its direction class; uniformly when all weigh zero. Integer
 * arithmetic only, so the choice is the same on every machine.
 */
unsigned maze__pick_weighted(struct maze__carve *ctx, const uint32_t *edges,
                             unsigned n);

#endif
