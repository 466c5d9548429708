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
 * cycle through all 4WH subcells.
 *
 * The design decision: the ends. Cutting the cycle anywhere leaves ends
 * side by side, so instead the cells of the maze's longer side (the top
 * row, or the left column when the maze is taller than wide) are first
 * joined into one corridor, the original's passages kept wherever they
 * close no loop. The cycle then runs straight along that side's outer
 * lane; taking the lane out leaves a path from one end of the side to the
 * other, and each pair of lane subcells goes back in as a hairpin from
 * the lane beside it. The path's ends are the side's two corner subcells,
 * opening on the two sides of the maze across it (west and east, or
 * north and south): far apart along the outline.
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

/* Writes the passages of the doubled maze u from the original m. */
static void
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
}

/* Union-find root of c, halving the path on the way. */
static uint32_t
root(uint32_t *up, uint32_t c)
{
    while (up[c] != c) {
        up[c] = up[up[c]];
        c = up[c];
    }
    return c;
}

/* Opens edge e of t between a and b unless they are joined already. */
static void
join(struct maze *t, uint32_t *up, uint32_t e, uint32_t a, uint32_t b)
{
    uint32_t ra = root(up, a), rb = root(up, b);
    if (ra != rb) {
        up[ra] = rb;
        maze__open(t, e);
    }
}

/*
 * Into t (all walls, on m's grid): m with the cells of the top row (the
 * left column when !top) joined into one corridor. The side's passages go
 * in first, then m's passages off the side, then m's passages that leave
 * the side, each unless it closes a loop: so m changes only where a cell
 * of the side had more than one way into the rest, and t is a tree.
 * Returns MAZE_OK or MAZE_ERR_NOMEM.
 */
static int
straighten(const struct maze *m, bool top, struct maze *t)
{
    const struct maze_grid *g = m->grid;
    uint32_t w = g->width, h = g->height;
    uint32_t *up = maze__alloc_array(g->cells, sizeof(uint32_t), false);
    if (up == NULL) {
        return MAZE_ERR_NOMEM;
    }
    for (uint32_t c = 0; c < g->cells; c++) {
        up[c] = c;
    }
    uint32_t along = top ? w : h;
    for (uint32_t i = 0; i + 1 < along; i++) {
        uint32_t c = top ? i : i * w;
        uint32_t e = top ? maze__rect_east(c) : maze__rect_south(c);
        join(t, up, e, c, top ? c + 1 : c + w);
    }
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t c = 0; c < g->cells; c++) {
            uint32_t x = c % w, y = c / w;
            bool on = top ? y == 0 : x == 0;
            /* East: leaves the left column; south: leaves the top row. */
            if (x + 1 < w && maze__is_open(m, maze__rect_east(c)) &&
                (!top && on) == (pass == 1)) {
                join(t, up, maze__rect_east(c), c, c + 1);
            }
            if (y + 1 < h && maze__is_open(m, maze__rect_south(c)) &&
                (top && on) == (pass == 1)) {
                join(t, up, maze__rect_south(c), c, c + w);
            }
        }
    }
    free(up);
    return MAZE_OK;
}

/*
 * Turns the cycle of u (2w x 2h, traced from a maze whose top row, or
 * left column when !top, is one corridor) into a path between the two
 * corner subcells of that side: the outer lane along the side leaves the
 * cycle, and each pair of its subcells that crosses from one original
 * cell to the next goes back in as a hairpin from the lane beside it.
 */
static void
open_ends(struct maze *u, uint32_t w, uint32_t h, bool top)
{
    uint32_t w2 = 2 * w, along = top ? w : h;
    /* Subcell i of the outer lane and of the lane beside it. */
#define OUTER(i) (top ? (i) : (i)*w2)
#define INNER(i) (top ? (i) + w2 : (i)*w2 + 1)
    for (uint32_t i = 0; i < along; i++) {
        /* The wall along the side inside cell i: the lane no longer
         * joins its two subcells. */
        uint32_t a = OUTER(2 * i);
        maze__close(u, top ? maze__rect_east(a) : maze__rect_south(a));
    }
    for (uint32_t i = 0; i + 1 < along; i++) {
        uint32_t p = OUTER(2 * i + 1), q = OUTER(2 * i + 2);
        uint32_t v = INNER(2 * i + 1);
        /* The lane beside crosses to the next cell through the hairpin
         * p, q instead of directly. */
        maze__close(u, top ? maze__rect_east(v) : maze__rect_south(v));
        maze__open(u, top ? maze__rect_south(p) : maze__rect_east(p));
        maze__open(u, top ? maze__rect_south(q) : maze__rect_east(q));
    }
#undef OUTER
#undef INNER
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
    struct maze *u = NULL, *t = NULL;
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
    /* The longer side carries the ends (the top on a square). */
    bool top = g->width >= g->height;
    rc = maze_create(g, &t);
    if (rc == MAZE_OK) {
        rc = straighten(maze, top, t);
    }
    if (rc != MAZE_OK) {
        goto fail;
    }
    trace(t, u);
    open_ends(u, g->width, g->height, top);
    uint32_t w2 = 2 * g->width;
    uint32_t finish = top ? w2 - 1 : (2 * g->height - 1) * w2;
    rc = maze_set_endpoints(u, 0, finish);
    if (rc == MAZE_OK) {
        rc = top ? maze_set_openings(u, MAZE__SIDE_W, MAZE__SIDE_E)
                 : maze_set_openings(u, MAZE__SIDE_N, MAZE__SIDE_S);
    }
    if (rc != MAZE_OK) {
        goto fail;
    }

    struct maze_provenance p = maze->provenance;
    maze__provenance_append(&p, "unicursal");
    p.perfect = true;
    maze_set_provenance(u, &p);
    maze_destroy(t);
    *grid_out = ug;
    *maze_out = u;
    return MAZE_OK;

fail:
    maze_destroy(t);
    maze_destroy(u);
    maze_grid_destroy(ug);
    return rc;
}
