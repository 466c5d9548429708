/*
 * Kruskal's "knock-down" method: take the walls in random order and knock
 * each one down when the cells on its two sides are still in different
 * sets, until one set holds every cell.
 *
 * Bias: the random order is a weighted shuffle. Each direction class keeps
 * its own uniformly shuffled list; the next wall comes from class c with
 * probability proportional to weight[c] times the walls c has left, which
 * is exactly sampling walls without replacement with per-wall weights. A
 * zero weight therefore puts that class after every other.
 *
 * Sets: union-find over a parent array with path halving and union by
 * rank (ranks fit in a byte), about 13 bytes per cell with the wall list.
 */
#include <stdlib.h>

#include "core/checked.h"
#include "gen/gen.h"
#include <mazegen/status.h>

static uint32_t
find_root(uint32_t *parent, uint32_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

/* Fisher-Yates over a slice. */
static void
shuffle(struct maze_rng *rng, uint32_t *v, size_t n)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = maze__rng_below32(rng, (uint32_t)i);
        uint32_t t = v[i - 1];
        v[i - 1] = v[j];
        v[j] = t;
    }
}

/* Chooses the class of the next wall; see the file comment. */
static int
next_class(struct maze__carve *ctx, const size_t *left)
{
    uint64_t w[MAZE_CLASS_COUNT];
    uint64_t total = 0, count = 0;
    for (int c = 0; c < MAZE_CLASS_COUNT; c++) {
        /* weight <= 2^30 and left < 2^32, so the sum fits in 64 bits. */
        w[c] = (uint64_t)ctx->bias.weight[c] * left[c];
        total += w[c];
        count += left[c];
    }
    if (total == 0) {
        /* Only zero-weight walls remain: take them in plain random order. */
        for (int c = 0; c < MAZE_CLASS_COUNT; c++) {
            w[c] = left[c];
        }
        total = count;
    }
    uint64_t r = maze_rng_below(&ctx->rng, total);
    for (int c = 0; c < MAZE_CLASS_COUNT; c++) {
        if (r < w[c]) {
            return c;
        }
        r -= w[c];
    }
    return MAZE_CLASS_COUNT - 1;
}

static int
carve_kruskal(struct maze__carve *ctx)
{
    struct maze *m = ctx->maze;
    const struct maze_grid *g = m->grid;
    uint32_t *walls = maze__alloc_array(g->edges, sizeof(uint32_t), false);
    uint32_t *parent = maze__alloc_array(g->cells, sizeof(uint32_t), false);
    uint8_t *rank = maze__alloc_array(g->cells, 1, true);
    if (walls == NULL || parent == NULL || rank == NULL) {
        free(walls);
        free(parent);
        free(rank);
        return MAZE_ERR_NOMEM;
    }

    /* Group the walls by class: class c occupies [start[c], start[c+1]). */
    size_t start[MAZE_CLASS_COUNT + 1] = {0};
    for (uint32_t e = 0; e < g->edge_slots; e++) {
        if (g->ops->edge_exists(g, e)) {
            start[maze__edge_class(g, e) + 1]++;
        }
    }
    for (int c = 0; c < MAZE_CLASS_COUNT; c++) {
        start[c + 1] += start[c];
    }
    size_t fill[MAZE_CLASS_COUNT];
    for (int c = 0; c < MAZE_CLASS_COUNT; c++) {
        fill[c] = start[c];
    }
    for (uint32_t e = 0; e < g->edge_slots; e++) {
        if (g->ops->edge_exists(g, e)) {
            walls[fill[maze__edge_class(g, e)]++] = e;
        }
    }
    size_t left[MAZE_CLASS_COUNT];
    for (int c = 0; c < MAZE_CLASS_COUNT; c++) {
        shuffle(&ctx->rng, walls + start[c], start[c + 1] - start[c]);
        left[c] = start[c + 1] - start[c];
    }
    for (uint32_t i = 0; i < g->cells; i++) {
        parent[i] = i;
    }

    uint32_t joins_left = g->cells - 1;
    while (joins_left > 0) {
        int c = next_class(ctx, left);
        uint32_t e = walls[start[c] + --left[c]];
        uint32_t a, b;
        g->ops->edge_cells(g, e, &a, &b);
        uint32_t ra = find_root(parent, a);
        uint32_t rb = find_root(parent, b);
        if (ra == rb) {
            continue;
        }
        if (rank[ra] < rank[rb]) {
            parent[ra] = rb;
        } else {
            parent[rb] = ra;
            rank[ra] += rank[ra] == rank[rb];
        }
        maze__open(m, e);
        joins_left--;
    }
    free(walls);
    free(parent);
    free(rank);
    return MAZE_OK;
}

const struct maze__algorithm maze__gen_kruskal = {
    .info =
        {
            .name = "kruskal",
            .description = "randomized Kruskal: knock down walls in random "
                           "order between unconnected regions; short dead "
                           "ends",
            .grid_kinds = MAZE_KIND_BIT(MAZE_GRID_RECT),
            .streamable = false,
            .perfect = true,
        },
    .carve = carve_kruskal,
};
