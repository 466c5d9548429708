/* SPDX-License-Identifier: MIT */
/*
 * The algorithm registry and maze_generate(), the one entry point that
 * prepares a carve (clear, seed, weights), runs it, and records provenance
 * and endpoints.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/fractal.h"
#include "gen/gen.h"
#include "gen/weighted.h"
#include <mazegen/status.h>

/* The algorithm registry: one X(NAME) line per algorithm, each a file
 * defining `const struct maze__algorithm maze__gen_NAME` (the shape of
 * every registry: src/core/grid_registry.c). The first is the default. */
/* clang-format off */
#define ALGORITHMS(X)  \
    X(backtracker)     \
    X(kruskal)         \
    X(prim)            \
    X(prim_simple)     \
    X(aldous_broder)   \
    X(wilson)          \
    X(hunt_and_kill)   \
    X(binary_tree)     \
    X(sidewinder)      \
    X(eller)           \
    X(growing_tree)    \
    X(division)        \
    /* end */
/* clang-format on */

#define DECLARE(name) extern const struct maze__algorithm maze__gen_##name;
ALGORITHMS(DECLARE)

#define ENTRY(name) &maze__gen_##name,
static const struct maze__algorithm *const algorithms[] = {ALGORITHMS(ENTRY)};

#define ALGORITHM_COUNT (sizeof(algorithms) / sizeof(algorithms[0]))

size_t
maze_algorithm_count(void)
{
    return ALGORITHM_COUNT;
}

const struct maze_algorithm_info *
maze_algorithm_at(size_t index)
{
    return index < ALGORITHM_COUNT ? &algorithms[index]->info : NULL;
}

const struct maze__algorithm *
maze__algorithm_find(const char *name)
{
    for (size_t i = 0; i < ALGORITHM_COUNT; i++) {
        if (strcmp(algorithms[i]->info.name, name) == 0) {
            return algorithms[i];
        }
    }
    return NULL;
}

const struct maze_algorithm_info *
maze_algorithm_find(const char *name)
{
    const struct maze__algorithm *a = name ? maze__algorithm_find(name) : NULL;
    return a ? &a->info : NULL;
}

static const char *
algorithm_name_at(size_t index)
{
    return index < ALGORITHM_COUNT ? algorithms[index]->info.name : NULL;
}

int
maze__algorithm_lookup(const char *name, const struct maze__algorithm **alg)
{
    *alg = name ? maze__algorithm_find(name) : algorithms[0];
    if (*alg != NULL) {
        return MAZE_OK;
    }
    return maze__fail_unknown("algorithm", name, algorithm_name_at);
}

const char *
maze_step_kind_name(enum maze_step_kind kind)
{
    static const char *const names[] = {
        "visit",    "open", "close",    "current", "backtrack",
        "frontier", "row",  "open-all", "reset",
    };
    return (unsigned)kind < sizeof(names) / sizeof(names[0]) ? names[kind]
                                                             : NULL;
}

bool
maze_algorithm_supports(const struct maze_algorithm_info *alg,
                        const struct maze_grid *grid)
{
    return alg != NULL && grid != NULL &&
           (!alg->rect_only || maze__grid_is_rect(grid)) &&
           (!grid->kind->info.tunnels || alg->weaves);
}

unsigned
maze__pick_weighted(struct maze__carve *ctx, const uint32_t *edges, unsigned n)
{
    if (ctx->unweighted) {
        /* The loop below with every weight W: the draw r in [0, nW)
         * picks floor(r / W), the same choice from the same number. */
        return (
            unsigned)(maze_rng_below(&ctx->rng, (uint64_t)n * MAZE_WEIGHT_ONE) /
                      MAZE_WEIGHT_ONE);
    }
    const struct maze_grid *g = ctx->maze->grid;
    uint64_t weight[MAZE_GRID_MAX_DEGREE];
    uint64_t total = 0;
    for (unsigned i = 0; i < n; i++) {
        weight[i] = ctx->bias.weight[maze__edge_class(g, edges[i])];
        total += weight[i];
    }
    if (total == 0) {
        return maze__rng_below32(&ctx->rng, n);
    }
    uint64_t r = maze_rng_below(&ctx->rng, total);
    for (unsigned i = 0; i < n; i++) {
        if (r < weight[i]) {
            return i;
        }
        r -= weight[i];
    }
    return n - 1; /* unreachable: r < total */
}

/*
 * The bound of the algorithms that draw again on grids with conflicting
 * edges (reject.c): the expected number of draws is one over the share of
 * allowed trees, which falls exponentially as blocks are added (3 of 4
 * trees of one 2 x 2 block are allowed, 8525 of 17745 of a 3 x 3 grid).
 * So the size is bounded before any work: at most CONFLICT_LIMIT pairs
 * with unbiased weights, where the worst shape measured (a two-row strip)
 * takes under a tenth of a second on average (docs/algorithms.md has the
 * figures and how they were measured). Heavier diagonals make crossings
 * likelier; the bound shrinks with the share q of allowed trees of a lone
 * block under the walk's weights, pairs * ln(1/q) staying what it is
 * unbiased. Lighter diagonals only help, and keep the unbiased bound.
 */
#define CONFLICT_LIMIT 36u

/* The class of the grid's conflicting edges; false when it has none. */
static bool
conflict_class(const struct maze_grid *g, unsigned *cls)
{
    for (uint32_t e = 0; g->conflicts && e < g->edge_slots; e++) {
        if (maze_grid_edge_conflict(g, e) != MAZE_NONE) {
            *cls = maze__edge_class(g, e);
            return true;
        }
    }
    return false;
}

/*
 * The bound for these weights: r, the walk's weight of the conflicting
 * class over the heaviest other, sets the share q(r) = (1 + 2r) / (1 +
 * r)^2 of allowed trees of one 2 x 2 block (4 trees without a diagonal,
 * 8 with one, weighing r, 4 with both, weighing r^2), 3/4 unbiased.
 */
static uint64_t
limit_for(const struct maze_grid *g, const struct maze_bias *given,
          unsigned cls)
{
    struct maze_generate_options opt = {
        .struct_size = sizeof(struct maze_generate_options), .bias = *given};
    struct maze__carve ctx = {.classes = g->kind->info.class_count};
    const struct maze__algorithm *alg;
    struct maze_bias recorded;
    if (maze__generate_prepare(&opt, ctx.classes, &alg, &ctx.bias, &recorded) !=
        MAZE_OK) {
        return CONFLICT_LIMIT;
    }
    struct maze__weights w = maze__weights_walk(&ctx);
    uint64_t other = 0;
    for (unsigned c = 0; c < w.n; c++) {
        if (c != cls && w.w[c] > other) {
            other = w.w[c];
        }
    }
    double r = other > 0 ? (double)w.w[cls] / (double)other : 1;
    if (r <= 1) {
        return CONFLICT_LIMIT;
    }
    double unbiased = log(4.0 / 3.0);
    double biased = log((1 + r) * (1 + r) / (1 + 2 * r));
    return (uint64_t)floor(CONFLICT_LIMIT * unbiased / biased);
}

uint64_t
maze_algorithm_conflict_limit(const struct maze_algorithm_info *alg,
                              const struct maze_grid *grid,
                              const struct maze_bias *bias)
{
    const struct maze__algorithm *a =
        alg != NULL ? maze__algorithm_find(alg->name) : NULL;
    unsigned cls;
    if (a == NULL || grid == NULL || !a->info.rejects ||
        !conflict_class(grid, &cls)) {
        return UINT64_MAX;
    }
    struct maze_bias none = {{0}};
    return limit_for(grid, bias != NULL ? bias : &none, cls);
}

static bool
bias_valid(const struct maze_bias *b, unsigned classes)
{
    for (unsigned c = 0; c < classes; c++) {
        if (b->weight[c] > MAZE_WEIGHT_MAX) {
            return false;
        }
    }
    return true;
}

int
maze__generate_options_take(struct maze_generate_options *copy,
                            const struct maze_generate_options *given)
{
    maze__detail_clear();
    if (given == NULL) {
        return maze__fail(MAZE_ERR_INVALID, "no generate options (NULL)");
    }
    return maze__options_copy(
        copy, sizeof(*copy), given,
        MAZE__SIZE_THROUGH(struct maze_generate_options, steps),
        "maze_generate_options", "MAZE_GENERATE_OPTIONS_INIT");
}

int
maze__generate_prepare(const struct maze_generate_options *opt,
                       unsigned classes, const struct maze__algorithm **alg,
                       struct maze_bias *bias, struct maze_bias *given)
{
    int rc = maze__algorithm_lookup(opt->algorithm, alg);
    if (rc != MAZE_OK) {
        return rc;
    }
    if (!bias_valid(&opt->bias, classes)) {
        return maze__fail(MAZE_ERR_INVALID, "bias: a weight above %u",
                          (unsigned)MAZE_WEIGHT_MAX);
    }
    *bias = opt->bias;
    *given = opt->bias;
    /* Classes the grid does not have carry no weight. */
    for (unsigned c = classes; c < MAZE_MAX_CLASSES; c++) {
        bias->weight[c] = 0;
        given->weight[c] = 0;
    }
    bool all_equal = true;
    for (unsigned c = 0; c < classes; c++) {
        all_equal = all_equal && bias->weight[c] == bias->weight[0];
    }
    /*
     * Equal weights of any size mean "no bias", and the carve sees them as
     * the unit weights: h=5,v=5 then draws exactly what h=1,v=1 draws, in
     * every algorithm (not merely from the same distribution). All zero is
     * the unbiased default too. The provenance keeps the weights as given,
     * with all zero recorded as all one.
     */
    if (all_equal) {
        for (unsigned c = 0; c < classes; c++) {
            bias->weight[c] = MAZE_WEIGHT_ONE;
        }
        if (opt->bias.weight[0] == 0) {
            *given = *bias;
        }
    }
    return MAZE_OK;
}

int
maze_generate(struct maze *maze, const struct maze_generate_options *given)
{
    struct maze_generate_options copy;
    const struct maze_generate_options *opt = &copy;
    int rc = maze__generate_options_take(&copy, given);
    if (rc != MAZE_OK) {
        return rc;
    }
    if (maze == NULL) {
        return MAZE_ERR_INVALID;
    }
    if (maze_endpoints_name(opt->endpoints) == NULL) {
        return maze__fail(MAZE_ERR_INVALID, "endpoints: unknown placement %d",
                          (int)opt->endpoints);
    }
    const struct maze_grid *g = maze->grid;
    struct maze__carve ctx = {
        .maze = maze,
        .opt = opt,
        .progress = opt->progress,
        .steps =
            opt->steps != NULL && opt->steps->step != NULL ? opt->steps : NULL,
        .classes = g->kind->info.class_count};
    const struct maze__algorithm *alg;
    struct maze_bias weights;
    rc = maze__generate_prepare(opt, ctx.classes, &alg, &ctx.bias, &weights);
    if (rc != MAZE_OK) {
        return rc;
    }
    ctx.unweighted = true;
    for (unsigned c = 0; c < ctx.classes; c++) {
        ctx.unweighted =
            ctx.unweighted && ctx.bias.weight[c] == MAZE_WEIGHT_ONE;
    }
    if (!maze_algorithm_supports(&alg->info, g)) {
        return maze__fail(
            MAZE_ERR_UNSUPPORTED, "algorithm %s does not carve %s%s grids",
            alg->info.name, g->kind->info.tunnels ? "weave" : "non-rectangular",
            g->base != NULL ? " or masked" : "");
    }
    if (g->pieces > 1) {
        return maze__fail(MAZE_ERR_INVALID,
                          "the grid's cells form %u pieces, which no "
                          "maze joins: give a mask of one piece "
                          "(maze_mask_pieces() counts them)",
                          (unsigned)g->pieces);
    }
    if (opt->weave > 100) {
        return maze__fail(MAZE_ERR_INVALID,
                          "weave %u: a percentage from 1 to 100 (0: %d)",
                          (unsigned)opt->weave, MAZE_WEAVE_DEFAULT);
    }
    ctx.weave = g->kind->info.tunnels
                    ? (opt->weave != 0 ? opt->weave : MAZE_WEAVE_DEFAULT)
                    : 0;
    bool nested = opt->fractal >= 2;
    uint32_t bx = 0, by = 0;
    if (nested && !maze__grid_is_rect(g)) {
        return maze__fail(MAZE_ERR_UNSUPPORTED,
                          "fractal %u: only whole rectangles nest",
                          (unsigned)opt->fractal);
    }
    /* Rooms would join blocks by more than one edge: not a nested maze. */
    if (nested && opt->room_size > 1) {
        return maze__fail(MAZE_ERR_INVALID,
                          "fractal %u: not with division rooms",
                          (unsigned)opt->fractal);
    }
    if (nested && maze_fractal_base(g->width, g->height, opt->fractal, &bx,
                                    &by) != MAZE_OK) {
        return maze__fail(MAZE_ERR_INVALID,
                          "fractal %u: %ux%u is not a %u-th power of a "
                          "size on each side",
                          (unsigned)opt->fractal, (unsigned)g->width,
                          (unsigned)g->height, (unsigned)opt->fractal);
    }
    /* Checked before any work: drawing again could take for ever. */
    uint64_t most = maze_algorithm_conflict_limit(&alg->info, g, &opt->bias);
    if (most != UINT64_MAX && maze_grid_conflict_pairs(g, most + 1) > most) {
        return maze__fail(MAZE_ERR_RANGE,
                          "%s: this grid has more than %llu crossing pairs, "
                          "too many to draw again until none cross",
                          alg->info.name, (unsigned long long)most);
    }
    maze_rng_seed(&ctx.rng, opt->seed);
    maze_clear(maze);
    maze__set_nesting(maze, 0, 0, 0);
    if (maze__carve_report(&ctx, 0, g->cells)) {
        return MAZE_ERR_CANCELLED;
    }
    rc = nested ? maze__carve_fractal(&ctx, alg) : alg->carve(&ctx);
    if (rc == MAZE_OK && maze__carve_report(&ctx, g->cells, g->cells)) {
        rc = MAZE_ERR_CANCELLED;
    }
    if (rc != MAZE_OK || ctx.cancelled) {
        /* Half a maze is no maze: a failed or cancelled carve leaves none. */
        maze_clear(maze);
        return ctx.cancelled ? MAZE_ERR_CANCELLED : rc;
    }

    struct maze_provenance p = {
        .seed = opt->seed,
        .bias = weights,
        .perfect = !ctx.imperfect,
    };
    strncpy(p.algorithm, alg->info.name, sizeof(p.algorithm) - 1);
    strncpy(p.params, ctx.params, sizeof(p.params) - 1);
    if (nested) {
        char token[32];
        snprintf(token, sizeof(token), "fractal=%u", (unsigned)opt->fractal);
        maze__provenance_append(&p, token);
    }
    if (ctx.weave != 0) {
        char token[32];
        snprintf(token, sizeof(token), "weave=%u", (unsigned)ctx.weave);
        maze__provenance_append(&p, token);
    }
    /* Endpoints chosen by side are part of what regenerates the maze. */
    if (opt->endpoints == MAZE_ENDPOINTS_LEFT_RIGHT ||
        opt->endpoints == MAZE_ENDPOINTS_TOP_BOTTOM) {
        char token[32] = "openings=";
        strncat(token, maze_endpoints_name(opt->endpoints),
                sizeof(token) - strlen(token) - 1);
        maze__provenance_append(&p, token);
    }
    maze_set_provenance(maze, &p);
    maze__set_nesting(maze, nested ? opt->fractal : 0, bx, by);
    /* A carve that made no loop and cells - 1 passages on a grid of one
     * piece made a spanning tree, which the solver may trust. */
    maze->tree = !ctx.imperfect && maze_passage_count(maze) + 1 == g->cells;
    rc = maze_place_endpoints(maze, opt->endpoints, opt->progress);
    if (rc == MAZE_ERR_CANCELLED) {
        maze_clear(maze);
    }
    return rc;
}
