/*
 * Exact uniformity on grids with conflicting edges (zeta): aldous-broder
 * and wilson draw a spanning tree of the whole grid, crossing diagonals
 * allowed, with probability proportional to its weight. Drawing again,
 * with the same generator going on, until a tree opens no conflicting
 * pair keeps exactly the allowed trees in exactly their proportions
 * (rejection sampling), and a seed still names one maze.
 *
 * The price is the expected number of draws, one over the share of
 * allowed trees, which falls exponentially as blocks are added (3 of 4
 * trees of one 2 x 2 block are allowed, 8525 of 17745 of a 3 x 3 grid).
 * So the size is bounded before any work: at most MAZE__CONFLICT_LIMIT
 * pairs with unbiased weights, where the measured worst case is about a
 * second of draws (docs/algorithms.md has the figures and how they were
 * measured). Heavier diagonals make crossings likelier; the bound shrinks
 * with the share q of allowed trees of a lone block under the walk's
 * weights, pairs * ln(1/q) staying what it is unbiased. Lighter diagonals
 * only help, and keep the unbiased bound.
 */
#include <math.h>

#include "gen/gen.h"
#include "gen/weighted.h"
#include <mazegen/status.h>

/* The most conflicting pairs a rejecting algorithm takes, unbiased. */
#define MAZE__CONFLICT_LIMIT 36u

/* Whether some pair of conflicting edges is open in m. */
static bool
crossing(const struct maze *m)
{
    const struct maze_grid *g = m->grid;
    for (size_t w = 0; w < m->words; w++) {
        for (uint64_t bits = m->bits[w]; bits != 0; bits &= bits - 1) {
            uint32_t e = (uint32_t)(w * 64 + (size_t)__builtin_ctzll(bits));
            uint32_t p = maze__edge_conflict(g, e);
            if (p != MAZE_NONE && maze__is_open(m, p)) {
                return true;
            }
        }
    }
    return false;
}

int
maze__carve_rejecting(struct maze__carve *ctx,
                      int (*once)(struct maze__carve *ctx))
{
    for (;;) {
        int rc = once(ctx);
        if (rc != MAZE_OK || !ctx->maze->grid->conflicts ||
            !crossing(ctx->maze)) {
            return rc;
        }
        maze_clear(ctx->maze);
    }
}

unsigned
maze__unblocked(const struct maze *m, struct maze_link *links, unsigned n)
{
    unsigned k = 0;
    for (unsigned i = 0; i < n; i++) {
        if (!maze__edge_blocked(m, links[i].edge)) {
            links[k++] = links[i];
        }
    }
    return k;
}

unsigned
maze__neighbors_by_visit_unblocked(const struct maze *m,
                                   const uint64_t *visited, uint32_t cell,
                                   bool want, uint32_t *edge, uint32_t *other)
{
    struct maze_link links[MAZE_GRID_MAX_DEGREE];
    unsigned n =
        maze__unblocked(m, links, maze__neighbors(m->grid, cell, links));
    return maze__links_by_visit(links, n, visited, want, edge, other);
}

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
    struct maze_generate_options opt = {.bias = *given};
    struct maze__carve ctx = {.classes = g->kind->info.class_count};
    const struct maze__algorithm *alg;
    struct maze_bias recorded;
    if (maze__generate_prepare(&opt, ctx.classes, &alg, &ctx.bias, &recorded) !=
        MAZE_OK) {
        return MAZE__CONFLICT_LIMIT;
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
        return MAZE__CONFLICT_LIMIT;
    }
    double unbiased = log(4.0 / 3.0);
    double biased = log((1 + r) * (1 + r) / (1 + 2 * r));
    return (uint64_t)floor(MAZE__CONFLICT_LIMIT * unbiased / biased);
}

uint64_t
maze_algorithm_conflict_limit(const struct maze_algorithm_info *alg,
                              const struct maze_grid *grid,
                              const struct maze_bias *bias)
{
    const struct maze__algorithm *a =
        alg != NULL ? maze__algorithm_named(alg->name) : NULL;
    unsigned cls;
    if (a == NULL || grid == NULL || !a->info.rejects ||
        !conflict_class(grid, &cls)) {
        return UINT64_MAX;
    }
    struct maze_bias none = {{0}};
    return limit_for(grid, bias != NULL ? bias : &none, cls);
}
