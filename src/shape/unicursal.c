/* SPDX-License-Identifier: MIT */
/*
 * The unicursal labyrinth of a perfect rectangular maze W x H: a 2W x 2H
 * maze in which each original cell becomes a 2 x 2 block of subcells and
 * the passages trace both sides of every wall of the original, the path a
 * hand on the wall would follow.
 *
 * Each subcell sits in a corner of its original cell and touches two of
 * its sides. Along a side that is a wall (the outer boundary included) it
 * joins the other subcell of that side; across a side that is a passage it
 * joins the subcell facing it in the neighbour. So every subcell has two
 * passages, and because the original is a tree the walk around it is one
 * cycle through all 4WH subcells. Cutting that cycle where it runs along
 * the start cell's opening leaves one path whose two ends lie side by side
 * on the outer wall.
 */
#include <stdlib.h>

#include "core/checked.h"
#include "core/grid_impl.h"
#include "core/maze_impl.h"
#include "core/rowbits.h"
#include <mazegen/shape.h>
#include <mazegen/status.h>

/*
 * Whether m is perfect: cells - 1 passages that reach every cell from
 * cell 0 (so no loops). Returns MAZE_OK, MAZE_ERR_INVALID or
 * MAZE_ERR_NOMEM.
 */
static int
check_perfect(const struct maze *m)
{
    const struct maze_grid *g = m->grid;
    if (maze_passage_count(m) != (uint64_t)g->cells - 1) {
        return MAZE_ERR_INVALID;
    }
    uint32_t *queue = maze__alloc_array(g->cells, sizeof(uint32_t), false);
    uint64_t *seen = maze__alloc_array((g->cells + 63) / 64, 8, true);
    if (queue == NULL || seen == NULL) {
        free(queue);
        free(seen);
        return MAZE_ERR_NOMEM;
    }
    uint32_t head = 0, tail = 0;
    queue[tail++] = 0;
    seen[0] = 1;
    while (head < tail) {
        uint32_t c = queue[head++];
        struct maze_link links[MAZE_GRID_MAX_DEGREE];
        unsigned n = maze__neighbors(g, c, links);
        for (unsigned i = 0; i < n; i++) {
            uint32_t d = links[i].cell;
            if (maze__is_open(m, links[i].edge) && !maze__bit_get(seen, d)) {
                maze__bit_set(seen, d);
                queue[tail++] = d;
            }
        }
    }
    free(queue);
    free(seen);
    return tail == g->cells ? MAZE_OK : MAZE_ERR_INVALID;
}

/* The edge along one side of a block, inside it: rectangular side order. */
static uint32_t
inner_edge(uint32_t nw, uint32_t w2, unsigned side)
{
    switch (side) {
    case MAZE__SIDE_N: /* north-west to north-east */
        return maze__rect_east(nw);
    case MAZE__SIDE_E: /* north-east to south-east */
        return maze__rect_south(nw + 1);
    case MAZE__SIDE_S: /* south-west to south-east */
        return maze__rect_east(nw + w2);
    default: /* west: north-west to south-west */
        return maze__rect_south(nw);
    }
}

/*
 * Writes the passages of the doubled maze u from the original m, and
 * returns the edge of u to cut: along the start cell's opening, or where
 * the start has none (an interior start), along its first wall, or failing
 * that across its north passage.
 */
static uint32_t
trace(const struct maze *m, struct maze *u)
{
    const struct maze_grid *g = m->grid;
    uint32_t w = g->width, w2 = 2 * w;
    for (uint32_t c = 0; c < g->cells; c++) {
        uint32_t x = c % w, y = c / w;
        uint32_t nw = 2 * y * w2 + 2 * x;
        struct maze_side sides[4];
        g->ops->cell_sides(g, c, sides);
        for (unsigned s = 0; s < 4; s++) {
            uint32_t e = sides[s].edge;
            if (e == MAZE_NONE || !maze__is_open(m, e)) {
                maze__open(u, inner_edge(nw, w2, s));
            }
        }
        /* Passages across are written once, by their west or north cell. */
        if (sides[MAZE__SIDE_E].edge != MAZE_NONE &&
            maze__is_open(m, sides[MAZE__SIDE_E].edge)) {
            maze__open(u, maze__rect_east(nw + 1));
            maze__open(u, maze__rect_east(nw + 1 + w2));
        }
        if (sides[MAZE__SIDE_S].edge != MAZE_NONE &&
            maze__is_open(m, sides[MAZE__SIDE_S].edge)) {
            maze__open(u, maze__rect_south(nw + w2));
            maze__open(u, maze__rect_south(nw + w2 + 1));
        }
    }

    uint32_t start = m->start;
    uint32_t nw = 2 * (start / w) * w2 + 2 * (start % w);
    if (m->start_opening != MAZE_NONE) {
        return inner_edge(nw, w2, m->start_opening);
    }
    struct maze_side sides[4];
    g->ops->cell_sides(g, start, sides);
    for (unsigned s = 0; s < 4; s++) {
        uint32_t e = sides[s].edge;
        if (e == MAZE_NONE || !maze__is_open(m, e)) {
            return inner_edge(nw, w2, s);
        }
    }
    /* Open on all four sides: the north-west subcell's way north. */
    return maze__rect_south(nw - w2);
}

int
maze_unicursal(const struct maze *maze, struct maze_grid **grid_out,
               struct maze **maze_out)
{
    if (grid_out == NULL || maze_out == NULL) {
        return MAZE_ERR_INVALID;
    }
    *grid_out = NULL;
    *maze_out = NULL;
    if (maze == NULL) {
        return MAZE_ERR_INVALID;
    }
    const struct maze_grid *g = maze->grid;
    if (!maze__grid_is_rect(g)) {
        return MAZE_ERR_UNSUPPORTED;
    }
    if ((uint64_t)g->cells * 4 > MAZE_MAX_CELLS) {
        return MAZE_ERR_RANGE;
    }
    int rc = check_perfect(maze);
    if (rc != MAZE_OK) {
        return rc;
    }

    struct maze_grid *ug = NULL;
    struct maze *u = NULL;
    /* The same kind (a whole rectangle), doubled each way. */
    struct maze_grid_params up = {.struct_size =
                                      sizeof(struct maze_grid_params),
                                  .size = {2 * g->width, 2 * g->height}};
    rc = maze_grid_create(maze_grid_kind(g), &up, &ug);
    if (rc != MAZE_OK) {
        goto fail;
    }
    rc = maze_create(ug, &u);
    if (rc != MAZE_OK) {
        goto fail;
    }
    uint32_t cut = trace(maze, u);
    u->bits[cut >> 6] &= ~((uint64_t)1 << (cut & 63));
    uint32_t a, b;
    maze__edge_cells(ug, cut, &a, &b);
    /* Lower first: the end nearer the top-left is the start. */
    rc = maze_set_endpoints(u, a, b);
    if (rc != MAZE_OK) {
        goto fail;
    }

    struct maze_provenance p = maze->provenance;
    maze__provenance_append(&p, "unicursal");
    p.perfect = true;
    maze_set_provenance(u, &p);
    *grid_out = ug;
    *maze_out = u;
    return MAZE_OK;

fail:
    maze_destroy(u);
    maze_grid_destroy(ug);
    return rc;
}
