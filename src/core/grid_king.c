/* SPDX-License-Identifier: MIT */
/*
 * King grids: the cells of a rectangle, each with up to eight neighbours
 * (four across its sides, four across its corners), computed
 * arithmetically with four edge slots a cell. Upsilon (diagonals only
 * between octagons) and zeta (diagonals everywhere, two crossing ones
 * never both open) share this topology and differ in their geometry.
 *
 * Edge slots: cell c = y * width + x owns slot 4c (east), 4c + 1 (south),
 * 4c + 2 (south-east) and 4c + 3 (south-west).
 */
#include "core/grid_impl.h"

const int maze__king_dx[MAZE__KING_DIRS] = {0, 1, 1, 1, 0, -1, -1, -1};
const int maze__king_dy[MAZE__KING_DIRS] = {-1, -1, 0, 1, 1, 1, 0, -1};

/* The direction of each slot a cell owns. */
static const int slot_dir[4] = {MAZE__KING_E, MAZE__KING_S, MAZE__KING_SE,
                                MAZE__KING_SW};

/* The eight steps of maze__king_neighbors() as data, E, SE, S, SW, W, NW,
 * N, NE: the lower cell owns the edge. */
#define KING_STEPS                                                             \
    {1, 0, 0, 0, false}, {1, 1, 0, 2, false}, {0, 1, 0, 1, false},             \
        {-1, 1, 0, 3, false}, {-1, 0, 0, 0, true}, {-1, -1, 0, 2, true},       \
        {0, -1, 0, 1, true},                                                   \
    {                                                                          \
        1, -1, 0, 3, true                                                      \
    }
#define KING_CLASSES                                                           \
    {                                                                          \
        MAZE__KING_ORTH, MAZE__KING_ORTH, MAZE__KING_DIAG, MAZE__KING_DIAG     \
    }

/* The two diagonals of a 2 x 2 block cross: the south-east one of
 * (x, y), slot 2, and the south-west one of (x + 1, y), slot 3 of the next
 * cell, 4 + 1 slots on (zeta's conflict, which upsilon's octagons do not
 * have). */
const struct maze__stencil maze__king_stencil = {
    .slots = 4,
    .by_slot = true,
    .inline_neighbors = true,
    .pairs = true,
    .partner = {0, 0, 4 + 1, -4 - 1},
    .slot_class = KING_CLASSES,
    .count = {8, 8},
    .step = {{KING_STEPS}, {KING_STEPS}},
};

const struct maze__stencil maze__king_checker_stencil = {
    .slots = 4,
    .px = 1,
    .py = 1,
    .by_slot = true,
    .inline_neighbors = true,
    .slot_class = KING_CLASSES,
    .count = {8, 4},
    .step =
        {
            {KING_STEPS},
            {{1, 0, 0, 0, false},
             {0, 1, 0, 1, false},
             {-1, 0, 0, 0, true},
             {0, -1, 0, 1, true}},
        },
};

bool
maze__king_step(const struct maze_grid *g, uint32_t x, uint32_t y, int d,
                bool checker, struct maze_link *l)
{
    if ((d & 1) && checker && ((x + y) & 1) != 0) {
        return false;
    }
    int64_t nx = (int64_t)x + maze__king_dx[d];
    int64_t ny = (int64_t)y + maze__king_dy[d];
    if (nx < 0 || ny < 0 || nx >= g->width || ny >= g->height) {
        return false;
    }
    uint32_t c = y * g->width + x, n = (uint32_t)ny * g->width + (uint32_t)nx;
    /* The lower cell of the two owns the slot: east, south and the two
     * southward diagonals are ours, the rest the neighbour's. */
    static const uint32_t slot[MAZE__KING_DIRS] = {1, 3, 0, 2, 1, 3, 0, 2};
    bool ours = d >= MAZE__KING_E && d <= MAZE__KING_SW;
    l->edge = 4 * (ours ? c : n) + slot[d];
    l->cell = n;
    return true;
}

unsigned
maze__king_neighbors(const struct maze_grid *g, uint32_t cell, bool checker,
                     struct maze_link *out)
{
    /* East first, clockwise, as the other kinds list them. */
    static const int order[MAZE__KING_DIRS] = {
        MAZE__KING_E, MAZE__KING_SE, MAZE__KING_S, MAZE__KING_SW,
        MAZE__KING_W, MAZE__KING_NW, MAZE__KING_N, MAZE__KING_NE};
    uint32_t x = cell % g->width, y = cell / g->width;
    unsigned n = 0;
    for (int i = 0; i < MAZE__KING_DIRS; i++) {
        n += maze__king_step(g, x, y, order[i], checker, &out[n]);
    }
    return n;
}

bool
maze__king_edge_exists(const struct maze_grid *g, uint32_t edge, bool checker)
{
    uint32_t c = edge / 4;
    struct maze_link l;
    return maze__king_step(g, c % g->width, c / g->width, slot_dir[edge % 4],
                           checker, &l);
}

void
maze__king_edge_cells(const struct maze_grid *g, uint32_t edge, uint32_t *a,
                      uint32_t *b)
{
    uint32_t c = edge / 4;
    struct maze_link l = {0, 0};
    (void)maze__king_step(g, c % g->width, c / g->width, slot_dir[edge % 4],
                          false, &l);
    *a = c;
    *b = l.cell;
}

unsigned
maze__king_edge_class(const struct maze_grid *g, uint32_t edge)
{
    (void)g;
    return edge % 4 < 2 ? MAZE__KING_ORTH : MAZE__KING_DIAG;
}
