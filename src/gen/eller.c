/*
 * Eller's algorithm: the maze is built one row at a time, remembering only
 * which cells of the current row are already connected (through the rows
 * above) as set labels. In each row, neighbours in different sets may be
 * joined east-west (never neighbours in the same set: that would close a
 * loop); then every set opens at least one passage south, so no set is
 * left cut off, and the cells below those passages inherit their sets while
 * every other cell of the next row starts a set of its own. The last row
 * joins every pair of neighbours still in different sets, which leaves one
 * set: a perfect maze.
 *
 * Bias: the weights act on both of the row's coins. Neighbours in different
 * sets are joined (a horizontal passage) with probability h / (h + v). Each
 * set opens south from one uniformly chosen cell, and each of its other
 * cells opens south too (a vertical passage) with probability v / (h + v).
 * h = v gives the usual fair coins. With v = 0 every row becomes one
 * corridor with one way down; with h = 0 every column is a corridor and
 * only the last row runs across.
 *
 * Memory is O(width) besides the maze: labels are kept below the width (a
 * row has at most width sets), merges within a row go through union-find
 * over the labels (path halving, union by rank), and cells are grouped by
 * set with a counting sort, so a row costs O(width). Streaming:
 * carve_row(y) takes row y-1's state (the labels and which cells opened
 * south) and touches only row y's own east and south edges, so row y is
 * finished as soon as it is carved and could be handed to a row consumer.
 */
#include <stdlib.h>
#include <string.h>

#include "core/checked.h"
#include "gen/gen.h"
#include <mazegen/status.h>

/* What one row hands to the next, and the row's scratch space. */
struct eller {
    uint32_t width;
    /* Per cell of the row: its set label, below width. */
    uint32_t *set;
    /* Per cell of the row above (then of this row): whether it opened
     * south. */
    uint8_t *down;
    /* Per label: union-find parent and rank, valid within one row. */
    uint32_t *parent;
    uint8_t *rank;
    /* Scratch, width + 1 entries: labels in use, then bucket ends of the
     * counting sort. */
    uint32_t *bucket;
    /* Scratch: the row's cells grouped by set. */
    uint32_t *order;
};

static uint32_t
find_root(uint32_t *parent, uint32_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

/*
 * Gives every cell of the row its label: the label of the cell above when
 * that one opened south, else a label no other cell of the row holds.
 */
static void
label_row(struct eller *e)
{
    uint32_t w = e->width;
    uint32_t *used = e->bucket;
    memset(used, 0, sizeof(uint32_t) * w);
    for (uint32_t x = 0; x < w; x++) {
        if (e->down[x]) {
            used[e->set[x]] = 1;
        }
    }
    /* Each label kept is held by at least one cell coming down, so there
     * are at least as many free labels as cells needing one: next stays
     * below w. */
    uint32_t next = 0;
    for (uint32_t x = 0; x < w; x++) {
        if (!e->down[x]) {
            while (used[next]) {
                next++;
            }
            e->set[x] = next++;
        }
    }
    for (uint32_t l = 0; l < w; l++) {
        e->parent[l] = l;
        e->rank[l] = 0;
    }
}

/* Joins neighbours of different sets, each by the coin or (last row)
 * always, then replaces every label by its set's root. */
static void
join_across(struct maze__carve *ctx, struct eller *e, uint32_t row, bool last)
{
    uint32_t w = e->width;
    for (uint32_t x = 0; x + 1 < w; x++) {
        uint32_t a = find_root(e->parent, e->set[x]);
        uint32_t b = find_root(e->parent, e->set[x + 1]);
        if (a == b) {
            continue;
        }
        if (!last && !maze__coin(ctx, MAZE_CLASS_H, MAZE_CLASS_V)) {
            continue;
        }
        maze__open(ctx->maze, maze__rect_east(row + x));
        if (e->rank[a] < e->rank[b]) {
            e->parent[a] = b;
        } else {
            e->parent[b] = a;
            e->rank[a] += e->rank[a] == e->rank[b];
        }
    }
    for (uint32_t x = 0; x < w; x++) {
        e->set[x] = find_root(e->parent, e->set[x]);
    }
}

/* Opens passages south: one sure cell per set, the others by the coin. */
static void
open_down(struct maze__carve *ctx, struct eller *e, uint32_t row)
{
    uint32_t w = e->width;
    uint32_t *end = e->bucket;
    /* Counting sort by label, stable, so a set's cells stay west to east
     * and the draws below come in a fixed order. */
    memset(end, 0, sizeof(uint32_t) * (w + 1));
    for (uint32_t x = 0; x < w; x++) {
        end[e->set[x] + 1]++;
    }
    for (uint32_t l = 1; l <= w; l++) {
        end[l] += end[l - 1];
    }
    for (uint32_t x = 0; x < w; x++) {
        e->order[end[e->set[x]]++] = x;
    }
    /* Now end[l] is where set l's cells end (and set l+1's begin). */
    uint32_t begin = 0;
    for (uint32_t l = 0; l < w; l++) {
        if (end[l] == begin) {
            continue;
        }
        uint32_t sure = begin + maze__rng_below32(&ctx->rng, end[l] - begin);
        for (uint32_t i = begin; i < end[l]; i++) {
            uint32_t x = e->order[i];
            bool d = i == sure || maze__coin(ctx, MAZE_CLASS_V, MAZE_CLASS_H);
            e->down[x] = d;
            if (d) {
                maze__open(ctx->maze, maze__rect_south(row + x));
            }
        }
        begin = end[l];
    }
}

/* Carves row y from the state row y-1 left in e. */
static void
carve_row(struct maze__carve *ctx, struct eller *e, uint32_t y)
{
    const struct maze_grid *g = ctx->maze->grid;
    uint32_t row = y * e->width; /* < cells <= MAZE_MAX_CELLS */
    bool last = y + 1 == g->height;
    label_row(e);
    join_across(ctx, e, row, last);
    if (!last) {
        open_down(ctx, e, row);
    }
}

static int
carve_eller(struct maze__carve *ctx)
{
    const struct maze_grid *g = ctx->maze->grid;
    uint32_t w = g->width;
    struct eller e = {
        .width = w,
        .set = maze__alloc_array(w, sizeof(uint32_t), false),
        /* No cell above the first row opened south: all labels fresh. */
        .down = maze__alloc_array(w, 1, true),
        .parent = maze__alloc_array(w, sizeof(uint32_t), false),
        .rank = maze__alloc_array(w, 1, false),
        .bucket = maze__alloc_array((size_t)w + 1, sizeof(uint32_t), false),
        .order = maze__alloc_array(w, sizeof(uint32_t), false),
    };
    int rc = MAZE_ERR_NOMEM;
    if (e.set && e.down && e.parent && e.rank && e.bucket && e.order) {
        for (uint32_t y = 0; y < g->height; y++) {
            carve_row(ctx, &e, y);
        }
        rc = MAZE_OK;
    }
    free(e.set);
    free(e.down);
    free(e.parent);
    free(e.rank);
    free(e.bucket);
    free(e.order);
    return rc;
}

const struct maze__algorithm maze__gen_eller = {
    .info =
        {
            .name = "eller",
            .description = "Eller: one row of sets at a time, memory "
                           "proportional to the width",
            .grid_kinds = MAZE_KIND_BIT(MAZE_GRID_RECT),
            .streamable = true,
            .perfect = true,
        },
    .carve = carve_eller,
};
