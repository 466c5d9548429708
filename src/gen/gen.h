/* SPDX-License-Identifier: MIT */
/*
 * The private side of the generator registry: each algorithm file exposes
 * one `const struct maze__algorithm`, listed in registry.c.
 */
#ifndef MAZE_GEN_GEN_H
#define MAZE_GEN_GEN_H

#include "core/grid_impl.h"
#include "core/maze_impl.h"
#include "core/options.h"
#include "core/rng.h"
#include "core/rowbits.h"
#include "core/status_impl.h"
#include "gen/blocked.h"
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
    /* The grid kind's number of classes: bias.weight[classes] and on are
     * unused. */
    unsigned classes;
    /* The caller's options, for algorithm parameters (growing, rooms). */
    const struct maze_generate_options *opt;
    /*
     * Set by carve when the result is not perfect (division with rooms),
     * and the parameters to record ("rooms=3"); empty when none.
     */
    bool imperfect;
    char params[64];
    /* Where to report progress, or NULL. */
    const struct maze_progress *progress;
    /* The progress callback asked to stop (maze__carve_report()). */
    bool cancelled;
    /* Every class weighs MAZE_WEIGHT_ONE (no bias): maze__pick_weighted()
     * then draws its choice without asking each edge's class. */
    bool unweighted;
    /* Weave grids: the percentage of chances to tunnel to take (1 to
     * 100); 0 on every other kind. */
    uint32_t weave;
    /* Hears every step (steps.h), or NULL: never a listener without a
     * step function. Blocks of a fractal carve have none. */
    const struct maze_steps *steps;
};

/*
 * Reports a step to ctx's listener, if any. Costs a test of a pointer
 * without one; the hot loops of the rectangle paths are compiled twice
 * instead (with and without), so even that is not paid there.
 */
static inline void
maze__step(const struct maze__carve *ctx, enum maze_step_kind kind,
           uint32_t cell, uint32_t edge)
{
    if (ctx->steps != NULL) {
        struct maze_step s = {kind, cell, edge};
        ctx->steps->step(ctx->steps->ctx, &s);
    }
}

/*
 * A row carver: the inside of a streamable algorithm, handing out finished
 * rows of a rectangular maze one by one in O(width) memory. maze_generate()
 * runs it into a whole maze (maze__carve_rows()) and maze_stream_*() hands
 * its rows to an exporter, so both give the same maze for the same seed.
 */
struct maze__rowgen {
    uint32_t width, height;
    /* The row the next call to `next` writes; rows come in order. */
    uint32_t y;
    /* Words per row bitset: maze__row_words(width). */
    size_t words;
    struct maze_rng rng;
    /* Effective weights: never all zero. */
    struct maze_bias bias;
    /* Row y's passages (see stream.h): bit x of east joins cell x to
     * x + 1, bit x of south joins it to the row below. */
    uint64_t *east, *south;
    /* The algorithm's own state. */
    void *state;
};

struct maze__row_carver {
    /* Allocates the state, O(width); MAZE_OK or MAZE_ERR_NOMEM. */
    int (*begin)(struct maze__rowgen *r);
    /*
     * Writes every word of r->east and r->south for row r->y: bits past
     * the width zero, the last column's east bits and the last row's
     * south bits zero. Draws only from r->rng.
     */
    void (*next)(struct maze__rowgen *r);
    /* Frees the state (after a successful begin). */
    void (*end)(struct maze__rowgen *r);
};

/*
 * The numbers a memory model is a formula in, in 64 bits: the maze's
 * cells, edges, width and height, and the options (for parameters that
 * change what the carve allocates).
 */
struct maze__dims {
    uint64_t cells, edges, width, height;
    /* The grid kind's direction classes. */
    unsigned classes;
    const struct maze_generate_options *opt;
};

/* Saturating arithmetic for memory models: past 2^64 bytes is "too much". */
static inline uint64_t
maze__sat_add(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

static inline uint64_t
maze__sat_mul(uint64_t a, uint64_t b)
{
    return b != 0 && a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

/* The bytes of a bitset of n bits, in whole words (saturated stays so). */
static inline uint64_t
maze__sat_bits(uint64_t n)
{
    return n == UINT64_MAX ? n : maze__sat_mul(n / 64 + 1, 8);
}

struct maze__algorithm {
    struct maze_algorithm_info info;
    /*
     * Opens passages in ctx->maze, whose edges are all closed on entry,
     * drawing every random decision from ctx->rng. Returns MAZE_OK or
     * MAZE_ERR_NOMEM (leaving the maze in an unspecified state).
     */
    int (*carve)(struct maze__carve *ctx);
    /* The row carver of a streamable algorithm, else NULL. */
    const struct maze__row_carver *rows;
    /*
     * The memory model (never NULL): an upper bound in bytes of the
     * scratch memory carve allocates for a maze of these dimensions, read
     * off its allocations with growth by doubling counted at its worst,
     * saturating at UINT64_MAX. maze_generate_estimate() adds the maze and
     * the endpoint search; the bench prints it beside the measured peak.
     */
    uint64_t (*scratch)(const struct maze__dims *d);
};

/* The registered algorithm with this name, or NULL (registry.c). */
const struct maze__algorithm *maze__algorithm_find(const char *name);

/*
 * Runs a row carver into ctx->maze (a rectangle): the carve function of
 * every streamable algorithm. MAZE_OK or MAZE_ERR_NOMEM.
 */
int maze__carve_rows(struct maze__carve *ctx,
                     const struct maze__row_carver *rows);

/* The memory model of every streamable algorithm (maze__carve_rows()). */
uint64_t maze__rows_scratch(const struct maze__dims *d);

/*
 * Carves ctx->maze as a fractal maze of ctx->opt->fractal levels (K >= 2),
 * running alg on every block (fractal.c); records alg's parameters in
 * ctx->params. MAZE_ERR_INVALID when the sizes are not K-th powers,
 * MAZE_ERR_NOMEM.
 */
int maze__carve_fractal(struct maze__carve *ctx,
                        const struct maze__algorithm *alg);

/* The memory model of a fractal carve of d (d->opt->fractal >= 2). */
uint64_t maze__fractal_scratch(const struct maze__algorithm *alg,
                               const struct maze__dims *d);

/*
 * Runs once(ctx) until the maze it carves opens no pair of conflicting
 * edges, clearing the maze between draws and going on with the same
 * generator (reject.c); a single run on grids without conflicts. Returns
 * what once returns.
 */
int maze__carve_rejecting(struct maze__carve *ctx,
                          int (*once)(struct maze__carve *ctx));

/*
 * Resolves generate options: the algorithm (NULL when unknown), the
 * effective weights (equal weights, all zero included, become all one) and
 * the weights to record in the provenance (as given, all zero as all one).
 * MAZE_ERR_INVALID for an unknown algorithm or weights above
 * MAZE_WEIGHT_MAX.
 */
/*
 * What every entry point taking generate options does first: empties the
 * error detail and copies the caller's options at this library's size
 * into *copy (core/options.h); MAZE_ERR_INVALID with a detail for NULL or
 * an unset struct_size.
 */
int maze__generate_options_take(struct maze_generate_options *copy,
                                const struct maze_generate_options *given);

/* The algorithm called name (NULL: the backtracker), or MAZE_ERR_INVALID
 * with a detail listing the known ones. */
int maze__algorithm_lookup(const char *name,
                           const struct maze__algorithm **alg);

int maze__generate_prepare(const struct maze_generate_options *opt,
                           unsigned classes, const struct maze__algorithm **alg,
                           struct maze_bias *bias, struct maze_bias *given);

/* Reports progress of phase to p (which may be NULL); true when the
 * caller asked to cancel. */
static inline bool
maze__report(const struct maze_progress *p, const char *phase, uint64_t done,
             uint64_t total)
{
    return p != NULL && p->report != NULL &&
           p->report(p->ctx, phase, done, total) != 0;
}

/* Reports carving progress; true, and ctx->cancelled set, once the caller
 * has asked to cancel (maze_generate() then clears the maze). */
static inline bool
maze__carve_report(struct maze__carve *ctx, uint64_t done, uint64_t total)
{
    if (!ctx->cancelled &&
        maze__report(ctx->progress, "carving", done, total)) {
        ctx->cancelled = true;
    }
    return ctx->cancelled;
}

/*
 * A power of two to report progress by, so that counting to total makes
 * about a thousand reports at most: report when (done & (step - 1)) == 0.
 */
static inline uint64_t
maze__report_step(uint64_t total)
{
    uint64_t step = 1;
    while (step < total / 1024) {
        step *= 2;
    }
    return step;
}

/*
 * Picks one of n candidate edges with probability proportional to the
 * weight of its direction class; uniformly when all weigh zero. Integer
 * arithmetic only, so the choice is the same on every machine. Without
 * weights (ctx->unweighted) the edges are not read and may be NULL.
 */
unsigned maze__pick_weighted(struct maze__carve *ctx, const uint32_t *edges,
                             unsigned n);

/* Visited bits, one per cell: maze__bit_get() / maze__bit_set() of
 * core/rowbits.h. */

/*
 * Visited bits in p's layout (core/grid_impl.h, maze__padded) for g,
 * which has a stencil: the border set (it counts as visited), the cells
 * clear. NULL when out of memory. Caller frees (backtracker.c).
 */
uint64_t *maze__stencil_visited(const struct maze_grid *g,
                                const struct maze__padded *p);

/*
 * The weights a maze is carved with when none are given, into *out: all
 * one, but a 3d grid's ud (up/down) 0.05, so that stairs are a landmark
 * rather than every other cell (docs/grids.md has the figures). The job
 * carves with them without -b, and a provenance line leaves out a -b
 * that says them.
 */
void maze__bias_default(const struct maze_grid_kind *kind,
                        struct maze_bias *out);

#endif
