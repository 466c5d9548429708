/* SPDX-License-Identifier: MIT */
/*
 * Masked grids: a whole grid of any maskable kind, keeping only the cells
 * a mask keeps. Our cells are the kept ones renumbered in order (two
 * tables, ours to the whole grid's and back), so every generator, the
 * solver and every exporter see an ordinary grid of `cells` cells. Edge
 * identifiers stay the whole grid's: an edge exists when it does there
 * and both its cells are kept, and a side towards a cut cell becomes part
 * of the outer boundary, so the shape's outline draws itself. An edge with
 * a conflicting partner (a zeta diagonal) is kept only when its partner's
 * cells are kept too: the pair's sides enclose a small diamond, which a
 * corridor through a half-cut block would leave open to the outside.
 * The grid counts the pieces its cells form (maze__grid_pieces()): no
 * maze joins two, so maze_generate() refuses more than one.
 */
#include <stdlib.h>

#include "core/checked.h"
#include "core/grid_impl.h"
#include <mazegen/mask.h>
#include <mazegen/status.h>

/* Whether both cells of an edge of the whole grid are kept. */
static bool
cells_kept(const struct maze_grid *g, uint32_t edge)
{
    uint32_t a, b;
    maze__edge_cells(g->base, edge, &a, &b);
    return g->from_base[a] != MAZE_NONE && g->from_base[b] != MAZE_NONE;
}

/* An edge of the whole grid that we keep: its cells and its partner's. */
static bool
kept(const struct maze_grid *g, uint32_t edge)
{
    uint32_t partner = maze__edge_conflict(g->base, edge);
    return cells_kept(g, edge) &&
           (partner == MAZE_NONE || cells_kept(g, partner));
}

static unsigned
mask_neighbors(const struct maze_grid *g, uint32_t cell, struct maze_link *out)
{
    struct maze_link links[MAZE_GRID_MAX_DEGREE];
    unsigned n = maze__neighbors(g->base, g->to_base[cell], links), k = 0;
    for (unsigned i = 0; i < n; i++) {
        uint32_t c = g->from_base[links[i].cell];
        if (c != MAZE_NONE && (!g->conflicts || kept(g, links[i].edge))) {
            out[k++] = (struct maze_link){c, links[i].edge};
        }
    }
    return k;
}

static bool
mask_edge_exists(const struct maze_grid *g, uint32_t edge)
{
    return g->base->ops->edge_exists(g->base, edge) && kept(g, edge);
}

static void
mask_edge_cells(const struct maze_grid *g, uint32_t edge, uint32_t *a,
                uint32_t *b)
{
    /* Renumbering keeps the order, so the lower cell stays first. */
    maze__edge_cells(g->base, edge, a, b);
    *a = g->from_base[*a];
    *b = g->from_base[*b];
}

static unsigned
mask_edge_class(const struct maze_grid *g, uint32_t edge)
{
    return maze__edge_class(g->base, edge);
}

static struct maze_point
mask_cell_center(const struct maze_grid *g, uint32_t cell)
{
    return g->base->ops->cell_center(g->base, g->to_base[cell]);
}

static unsigned
mask_cell_sides(const struct maze_grid *g, uint32_t cell, struct maze_side *out)
{
    unsigned n = g->base->ops->cell_sides(g->base, g->to_base[cell], out);
    for (unsigned i = 0; i < n; i++) {
        if (out[i].edge != MAZE_NONE && !mask_edge_exists(g, out[i].edge)) {
            out[i].edge = MAZE_NONE;
        }
    }
    return n;
}

static void
mask_coords(const struct maze_grid *g, uint32_t cell, uint32_t *out)
{
    g->base->ops->coords(g->base, g->to_base[cell], out);
}

static uint32_t
mask_cell_at(const struct maze_grid *g, const uint32_t *coords)
{
    uint32_t c = g->base->ops->cell_at(g->base, coords);
    return c == MAZE_NONE ? MAZE_NONE : g->from_base[c];
}

/* Edge identifiers are the whole grid's, and so are the pairs. */
static uint32_t
mask_conflict(const struct maze_grid *g, uint32_t edge)
{
    return g->base->ops->conflict(g->base, edge);
}

static const struct maze__grid_ops mask_ops = {
    .neighbors = mask_neighbors,
    .edge_exists = mask_edge_exists,
    .edge_cells = mask_edge_cells,
    .edge_class = mask_edge_class,
    .cell_center = mask_cell_center,
    .cell_sides = mask_cell_sides,
    .coords = mask_coords,
    .cell_at = mask_cell_at,
    .conflict = mask_conflict,
};

/* Marks cell c reached, in piece id when piece is not NULL. */
static inline void
reach(uint64_t *seen, uint32_t *piece, uint32_t c, uint32_t id)
{
    seen[c / 64] |= (uint64_t)1 << (c % 64);
    if (piece != NULL) {
        piece[c] = id;
    }
}

int
maze__grid_pieces(const struct maze_grid *g, uint32_t *piece, uint32_t *pieces)
{
    uint32_t n = g->cells;
    *pieces = 0;
    uint32_t *stack = maze__alloc_array(n, sizeof(uint32_t), false);
    uint64_t *seen = maze__alloc_array((size_t)n / 64 + 1, 8, true);
    if (stack == NULL || seen == NULL) {
        free(stack);
        free(seen);
        return MAZE_ERR_NOMEM;
    }
    for (uint32_t c = 0; c < n; c++) {
        if (seen[c / 64] >> (c % 64) & 1) {
            continue;
        }
        uint32_t id = ++*pieces;
        size_t top = 0;
        stack[top++] = c;
        reach(seen, piece, c, id);
        while (top > 0) {
            struct maze_link links[MAZE_GRID_MAX_DEGREE];
            unsigned k = maze__neighbors(g, stack[--top], links);
            for (unsigned i = 0; i < k; i++) {
                uint32_t d = links[i].cell;
                if (!(seen[d / 64] >> (d % 64) & 1)) {
                    reach(seen, piece, d, id);
                    stack[top++] = d;
                }
            }
        }
    }
    free(stack);
    free(seen);
    return MAZE_OK;
}

int
maze__grid_mask(struct maze_grid *g, const struct maze_mask *mask)
{
    const struct maze_grid *base = g->base;
    uint64_t kept = maze_mask_count(mask);
    g->ops = &mask_ops;
    g->cells = (uint32_t)kept;
    g->from_base = maze__alloc_array(base->cells, sizeof(uint32_t), false);
    g->to_base = maze__alloc_array(kept, sizeof(uint32_t), false);
    if (g->from_base == NULL || g->to_base == NULL) {
        return MAZE_ERR_NOMEM;
    }
    uint32_t n = 0;
    for (uint32_t c = 0; c < base->cells; c++) {
        uint32_t xy[MAZE_MAX_COORDS];
        base->ops->coords(base, c, xy);
        bool on = maze_mask_get(mask, xy[0], xy[1]);
        g->from_base[c] = on ? n : MAZE_NONE;
        if (on) {
            g->to_base[n++] = c;
        }
    }
    uint64_t edges = 0;
    for (uint32_t e = 0; e < g->edge_slots; e++) {
        edges += mask_edge_exists(g, e);
    }
    g->edges = (uint32_t)edges;
    return maze__grid_pieces(g, NULL, &g->pieces);
}
