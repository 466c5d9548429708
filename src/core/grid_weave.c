/* SPDX-License-Identifier: MIT */
/*
 * Weave grids: a rectangle of square cells where a passage may also tunnel
 * under a cell to the cell beyond it, in a straight line. Computed
 * arithmetically: cell c = y * width + x owns four edge slots, 4c (its
 * east side), 4c + 1 (south), 4c + 2 (a tunnel east, to c + 2 under
 * c + 1) and 4c + 3 (a tunnel south, to c + 2 * width under c + width).
 * A tunnel is a passage like any other: the solver walks it, the json
 * lists its two ends, and a perfect weave maze is a spanning tree of the
 * cells with the tunnels counted.
 *
 * The rule (blocked(), evaluated from data: weave_stencil.rule): the line
 * between two neighbouring cells carries at most one passage, whether it joins
 * them or tunnels through it; and a tunnel passes only under a cell that is a
 * straight corridor across it, open on the two sides it does not cross. So
 * passages cross at right angles only, nothing turns or ends under a crossing,
 * and the corridor over it goes on both ways.
 *
 * Drawn inset (walls()): each cell is a smaller square with corridors to
 * its open sides, so the walls are bands between corridors. The corridor
 * over a crossing keeps both its walls; the tunnel's walls come up to them
 * and stop, so the reader sees the lower passage go under. Walls along the
 * maze's outline are drawn on the outline itself, which stays whole but
 * for the openings.
 */
#include <math.h>

#include "core/grid_impl.h"
#include <mazegen/status.h>

enum { SLOT_E, SLOT_S, SLOT_TE, SLOT_TS, SLOTS };

/* How far a cell's corridor walls sit in from its sides, in cells. */
#define INSET 0.2

static bool
has(const uint64_t *open, uint32_t edge)
{
    return (open[edge >> 6] >> (edge & 63)) & 1u;
}

static unsigned
weave_neighbors(const struct maze_grid *g, uint32_t cell, struct maze_link *out)
{
    uint32_t w = g->width, x = cell % w, y = cell / w;
    unsigned n = 0;
    if (x + 1 < w) {
        out[n++] = (struct maze_link){cell + 1, SLOTS * cell + SLOT_E};
    }
    if (y + 1 < g->height) {
        out[n++] = (struct maze_link){cell + w, SLOTS * cell + SLOT_S};
    }
    if (x > 0) {
        out[n++] = (struct maze_link){cell - 1, SLOTS * (cell - 1) + SLOT_E};
    }
    if (y > 0) {
        out[n++] = (struct maze_link){cell - w, SLOTS * (cell - w) + SLOT_S};
    }
    if (x + 2 < w) {
        out[n++] = (struct maze_link){cell + 2, SLOTS * cell + SLOT_TE};
    }
    if (y + 2 < g->height) {
        out[n++] = (struct maze_link){cell + 2 * w, SLOTS * cell + SLOT_TS};
    }
    if (x > 1) {
        out[n++] = (struct maze_link){cell - 2, SLOTS * (cell - 2) + SLOT_TE};
    }
    if (y > 1) {
        out[n++] =
            (struct maze_link){cell - 2 * w, SLOTS * (cell - 2 * w) + SLOT_TS};
    }
    return n;
}

static bool
weave_edge_exists(const struct maze_grid *g, uint32_t edge)
{
    uint32_t cell = edge / SLOTS, x = cell % g->width, y = cell / g->width;
    switch (edge % SLOTS) {
    case SLOT_E:
        return x + 1 < g->width;
    case SLOT_S:
        return y + 1 < g->height;
    case SLOT_TE:
        return x + 2 < g->width;
    default:
        return y + 2 < g->height;
    }
}

/* The step from a cell to the next one along an edge's direction. */
static uint32_t
step_of(const struct maze_grid *g, uint32_t edge)
{
    return edge % 2 == SLOT_E ? 1 : g->width;
}

static void
weave_edge_cells(const struct maze_grid *g, uint32_t edge, uint32_t *a,
                 uint32_t *b)
{
    uint32_t cell = edge / SLOTS;
    *a = cell;
    *b = cell + step_of(g, edge) * (edge % SLOTS >= SLOT_TE ? 2 : 1);
}

static unsigned
weave_edge_class(const struct maze_grid *g, uint32_t edge)
{
    (void)g;
    return edge % 2 == SLOT_E ? MAZE_CLASS_H : MAZE_CLASS_V;
}

static uint32_t
weave_under(const struct maze_grid *g, uint32_t edge)
{
    return edge % SLOTS >= SLOT_TE ? edge / SLOTS + step_of(g, edge)
                                   : MAZE_NONE;
}

static struct maze_point
weave_cell_center(const struct maze_grid *g, uint32_t cell)
{
    return (struct maze_point){cell % g->width + 0.5, cell / g->width + 0.5};
}

/* The sides are a rectangle's (and its openings, maze__xy_opening()):
 * tunnels have no side. */
static unsigned
weave_cell_sides(const struct maze_grid *g, uint32_t cell,
                 struct maze_side *out)
{
    uint32_t w = g->width, x = cell % w, y = cell / w, c = SLOTS * cell;
    const uint32_t edge[4] = {
        [MAZE__SIDE_N] = y > 0 ? c - SLOTS * w + SLOT_S : MAZE_NONE,
        [MAZE__SIDE_E] = x + 1 < w ? c + SLOT_E : MAZE_NONE,
        [MAZE__SIDE_S] = y + 1 < g->height ? c + SLOT_S : MAZE_NONE,
        [MAZE__SIDE_W] = x > 0 ? c - SLOTS + SLOT_E : MAZE_NONE,
    };
    return maze__square_sides(x, y, edge, out);
}

/* The stencil, defined below with the rule as data (weave_blocked()). */
static const struct maze__stencil weave_stencil;

/*
 * The rule, read from the stencil's data: each passage it looks at is a
 * bit at a fixed offset from the first slot of the edge's owner, so no
 * division places the cell. At the grid's sides the offsets land on slots
 * that are no edge (the east tunnel of a row's last cells, a cell's south
 * side on the last row) or before the first bit, which read closed: what
 * the rule wants there.
 */
static bool
weave_blocked(const struct maze_grid *g, const uint64_t *open, uint32_t edge)
{
    const struct maze__stencil *s = &weave_stencil;
    unsigned slot = edge % SLOTS;
    int64_t base = (int64_t)edge - slot;
    for (unsigned i = 0; i < s->rule_count[slot]; i++) {
        const struct maze__stencil_pass *r = &s->rule[slot][i];
        uint64_t at = (uint64_t)(base + maze__pass_offset(s, r, g->width));
        bool on = at < g->edge_slots && has(open, (uint32_t)at);
        if (on != r->open) {
            return true;
        }
    }
    return false;
}

/* What a cell's walls depend on, side by side (MAZE__SIDE_* order). */
struct looks {
    bool outline[4]; /* the side is on the maze's outline */
    bool leaves[4];  /* a passage leaves the cell through it */
    bool under[4];   /* a tunnel under the cell crosses it */
};

static void
look(const struct maze_grid *g, const uint64_t *open, uint32_t cell,
     struct looks *k)
{
    uint32_t w = g->width, x = cell % w, y = cell / w, c = SLOTS * cell;
    k->outline[MAZE__SIDE_N] = y == 0;
    k->outline[MAZE__SIDE_E] = x + 1 == w;
    k->outline[MAZE__SIDE_S] = y + 1 == g->height;
    k->outline[MAZE__SIDE_W] = x == 0;
    k->leaves[MAZE__SIDE_E] =
        x + 1 < w &&
        (has(open, c + SLOT_E) || (x + 2 < w && has(open, c + SLOT_TE)));
    k->leaves[MAZE__SIDE_S] =
        y + 1 < g->height && (has(open, c + SLOT_S) ||
                              (y + 2 < g->height && has(open, c + SLOT_TS)));
    k->leaves[MAZE__SIDE_W] =
        x > 0 && (has(open, c - SLOTS + SLOT_E) ||
                  (x > 1 && has(open, c - 2 * SLOTS + SLOT_TE)));
    k->leaves[MAZE__SIDE_N] =
        y > 0 && (has(open, c - SLOTS * w + SLOT_S) ||
                  (y > 1 && has(open, c - 2 * SLOTS * w + SLOT_TS)));
    bool under_h = x > 0 && x + 1 < w && has(open, c - SLOTS + SLOT_TE);
    bool under_v =
        y > 0 && y + 1 < g->height && has(open, c - SLOTS * w + SLOT_TS);
    k->under[MAZE__SIDE_E] = k->under[MAZE__SIDE_W] = under_h;
    k->under[MAZE__SIDE_N] = k->under[MAZE__SIDE_S] = under_v;
}

/*
 * A cell's walls, in a frame turned so that the side is on top: the side
 * runs from (0, 0) to (1, 0) in the frame, the cell lies below it. `lo`
 * and `hi` are where the corridor's walls meet the side (the cell's inner
 * square, or the outline), `depth` how far the inner square is from it.
 */
struct frame {
    double ox, oy; /* where the frame's origin is in the grid */
    double ux, uy; /* the frame's x axis in the grid */
    double vx, vy; /* its y axis, into the cell */
};

static struct maze_side
seg(const struct frame *f, double ax, double ay, double bx, double by)
{
    return maze__side_line(f->ox + ax * f->ux + ay * f->vx,
                           f->oy + ax * f->uy + ay * f->vy,
                           f->ox + bx * f->ux + by * f->vx,
                           f->oy + bx * f->uy + by * f->vy, MAZE_NONE);
}

static unsigned
weave_walls(const struct maze_grid *g, const uint64_t *open, uint32_t cell,
            unsigned openings, struct maze_side *out)
{
    struct looks k;
    look(g, open, cell, &k);
    double x = cell % g->width, y = cell / g->width;
    /* Each side's frame, walking round the cell clockwise: its start
     * corner, along the side, and inward. */
    const struct frame frames[4] = {
        [MAZE__SIDE_N] = {x, y, 1, 0, 0, 1},
        [MAZE__SIDE_E] = {x + 1, y, 0, 1, -1, 0},
        [MAZE__SIDE_S] = {x + 1, y + 1, -1, 0, 0, -1},
        [MAZE__SIDE_W] = {x, y + 1, 0, -1, 1, 0},
    };
    unsigned n = 0;
    for (unsigned s = 0; s < 4; s++) {
        const struct frame *f = &frames[s];
        /* The sides before and after this one, clockwise, decide where
         * the corridor's walls are: on the outline, or inset. */
        double lo = k.outline[(s + 3) % 4] ? 0 : INSET;
        double hi = k.outline[(s + 1) % 4] ? 1 : 1 - INSET;
        if (k.outline[s]) {
            if (openings & (1u << s)) {
                out[n++] = seg(f, 0, 0, INSET, 0);
                out[n++] = seg(f, 1 - INSET, 0, 1, 0);
            } else {
                out[n++] = seg(f, 0, 0, 1, 0);
            }
            continue;
        }
        if (!k.leaves[s]) {
            out[n++] = seg(f, lo, INSET, hi, INSET);
        }
        if (k.leaves[s] || k.under[s]) {
            /* A corridor's walls from the inner square to the side; the
             * outline draws a wall that lies on it. */
            if (lo > 0) {
                out[n++] = seg(f, lo, 0, lo, INSET);
            }
            if (hi < 1) {
                out[n++] = seg(f, hi, 0, hi, INSET);
            }
        }
    }
    return n;
}

/* A tunnel's path leaves the line where it goes under the corridor over
 * it, and takes it up again beyond. */
static unsigned
weave_path_via(const struct maze_grid *g, uint32_t a, uint32_t b,
               struct maze_point *out)
{
    uint32_t lo = a < b ? a : b, hi = a < b ? b : a;
    if (hi - lo != 2 && hi - lo != 2 * g->width) {
        return 0;
    }
    struct maze_point pa = weave_cell_center(g, a),
                      pb = weave_cell_center(g, b);
    struct maze_point mid = {(pa.x + pb.x) / 2, (pa.y + pb.y) / 2};
    double dx = (pb.x - pa.x) / 2, dy = (pb.y - pa.y) / 2;
    /* Stop halfway into the wall band before the corridor over it. */
    double stop = 0.5 - INSET / 2;
    out[0] = (struct maze_point){mid.x - dx * stop, mid.y - dy * stop};
    out[1] = (struct maze_point){NAN, NAN};
    out[2] = (struct maze_point){mid.x + dx * stop, mid.y + dy * stop};
    return 3;
}

static int
weave_init(struct maze_grid *g)
{
    uint64_t w = g->width, h = g->height;
    uint64_t tunnels_e = w > 2 ? (w - 2) * h : 0;
    uint64_t tunnels_s = h > 2 ? w * (h - 2) : 0;
    uint64_t edges = (w - 1) * h + w * (h - 1) + tunnels_e + tunnels_s;
    if (edges > UINT32_MAX) {
        return MAZE_ERR_RANGE;
    }
    g->edges = (uint32_t)edges;
    g->extent_w = g->width;
    g->extent_h = g->height;
    return MAZE_OK;
}

/* The neighbours as data (maze__stencil): the four sides, then the four
 * tunnels, as weave_neighbors() gives them. */
static const struct maze__stencil weave_stencil =
    {
        .slots = SLOTS,
        .by_slot = true,
        .inline_neighbors = true,
        .slot_class = {MAZE_CLASS_H, MAZE_CLASS_V, MAZE_CLASS_H, MAZE_CLASS_V},
        .count = {8, 8},
        .step = {{{1, 0, 0, SLOT_E, false},
                  {0, 1, 0, SLOT_S, false},
                  {-1, 0, 0, SLOT_E, true},
                  {0, -1, 0, SLOT_S, true},
                  {2, 0, 0, SLOT_TE, false},
                  {0, 2, 0, SLOT_TS, false},
                  {-2, 0, 0, SLOT_TE, true},
                  {0, -2, 0, SLOT_TS, true}},
                 {{1, 0, 0, SLOT_E, false},
                  {0, 1, 0, SLOT_S, false},
                  {-1, 0, 0, SLOT_E, true},
                  {0, -1, 0, SLOT_S, true},
                  {2, 0, 0, SLOT_TE, false},
                  {0, 2, 0, SLOT_TS, false},
                  {-2, 0, 0, SLOT_TE, true},
                  {0, -2, 0, SLOT_TS, true}}},
        /* A tunnel passes under the cell its owner's side leads to. */
        .under = {[SLOT_TE] = 1 + SLOT_E, [SLOT_TS] = 1 + SLOT_S},
        /* The rule (see the file comment): the line a side's passage takes,
         * free of the tunnels along it (the owner's, and the one from the
         * cell before); both lines a tunnel crosses free, and the cell over
         * it, q, open on its two other sides. */
        .rules = true,
        .rule_count = {2, 2, 6, 6},
        .rule =
            {
                [SLOT_E] = {{0, 0, SLOT_TE, false}, {-1, 0, SLOT_TE, false}},
                [SLOT_S] = {{0, 0, SLOT_TS, false}, {0, -1, SLOT_TS, false}},
                [SLOT_TE] = {{0, 0, SLOT_E, false},
                             {-1, 0, SLOT_TE, false},
                             {1, 0, SLOT_E, false},
                             {1, 0, SLOT_TE, false},
                             {1, -1, SLOT_S, true},
                             {1, 0, SLOT_S, true}},
                [SLOT_TS] = {{0, 0, SLOT_S, false},
                             {0, -1, SLOT_TS, false},
                             {0, 1, SLOT_S, false},
                             {0, 1, SLOT_TS, false},
                             {-1, 1, SLOT_E, true},
                             {0, 1, SLOT_E, true}},
            },
};

const struct maze__grid_kind maze__grid_weave = {
    .info =
        {
            .name = "weave",
            .aliases = {"woven"},
            .description = "square cells whose passages may tunnel under a "
                           "straight corridor",
            .sizes =
                {
                    [MAZE_SIZE_WIDTH] = {"columns", 1, MAZE_MAX_CELLS / 2, 0},
                    [MAZE_SIZE_HEIGHT] = {"rows", 1, MAZE_MAX_CELLS / 2, 0},
                },
            .class_count = 2,
            .class_names = {"h", "v"},
            .class_meanings = {"east-west passages (and tunnels)",
                               "north-south passages (and tunnels)"},
            .coord_count = 2,
            .coord_names = {"x", "y"},
            .maskable = false,
            .tunnels = true,
            .slots_per_cell = SLOTS,
            .table_bytes_per_cell = 0,
        },
    .init = weave_init,
    .stencil = &weave_stencil,
    .passage = 1 - 2 * INSET,
    .ops =
        {
            .neighbors = weave_neighbors,
            .edge_exists = weave_edge_exists,
            .edge_cells = weave_edge_cells,
            .edge_class = weave_edge_class,
            .cell_center = weave_cell_center,
            .cell_sides = weave_cell_sides,
            .opening = maze__xy_opening,
            .coords = maze__xy_coords,
            .cell_at = maze__xy_cell_at,
            .path_via = weave_path_via,
            .under = weave_under,
            .blocked = weave_blocked,
            .walls = weave_walls,
        },
};
