/* SPDX-License-Identifier: MIT */
/*
 * The inside of a grid: a table of operations per kind plus the few numbers
 * every kind has. Generators and exporters call the public maze_grid_*
 * functions; hot loops may test maze__grid_is_rect() and use the inline
 * rectangular arithmetic below instead.
 *
 * Rectangular edge slots: cell c = y * width + x owns slot 2c (its east
 * edge, horizontal class) and slot 2c + 1 (its south edge, vertical class).
 * Slots of the last column's east and the last row's south hold no edge.
 */
#ifndef MAZE_CORE_GRID_IMPL_H
#define MAZE_CORE_GRID_IMPL_H

#include <mazegen/grid.h>

/* A name drawn with the maze: its text centred in a band `width` by
 * `height` grid units whose top middle is `at`. */
struct maze__label {
    struct maze_point at;
    double width, height;
    char text[24];
};

struct maze__grid_ops {
    /* Neighbours of cell in a fixed order; returns the count. */
    unsigned (*neighbors)(const struct maze_grid *g, uint32_t cell,
                          struct maze_link *out);
    /* Whether slot edge (below edge_slots) holds an edge. */
    bool (*edge_exists)(const struct maze_grid *g, uint32_t edge);
    /* The cells of an existing edge, lower first. */
    void (*edge_cells)(const struct maze_grid *g, uint32_t edge, uint32_t *a,
                       uint32_t *b);
    /* The class of an existing edge, below the kind's class_count. */
    unsigned (*edge_class)(const struct maze_grid *g, uint32_t edge);
    struct maze_point (*cell_center)(const struct maze_grid *g, uint32_t cell);
    /* Sides of cell, each with its edge or MAZE_NONE; returns the count. */
    unsigned (*cell_sides)(const struct maze_grid *g, uint32_t cell,
                           struct maze_side *out);
    /* The preferred outward side (index into cell_sides) or MAZE_NONE;
     * `avoid` is a side index not to pick when another exists. NULL:
     * maze__grid_opening() decides from the geometry. */
    unsigned (*opening)(const struct maze_grid *g, uint32_t cell, bool finish,
                        unsigned avoid);
    /* The sides of the maze (1 << MAZE__SIDE_*) cell may open on, for
     * kinds whose cells have square sides facing their own way (side
     * index = MAZE__SIDE_*) and whose openings skip some boundary sides
     * (3D: none between two levels' panels). NULL: every boundary side,
     * by its geometry (maze__cell_facing()). */
    unsigned (*facing)(const struct maze_grid *g, uint32_t cell);
    /* The user's numbers of cell (coord_count of them). */
    void (*coords)(const struct maze_grid *g, uint32_t cell, uint32_t *out);
    /* The cell with those numbers (already checked against the sizes by
     * the caller only for their count), or MAZE_NONE off the grid. */
    uint32_t (*cell_at)(const struct maze_grid *g, const uint32_t *coords);
    /*
     * The way a path goes from cell a to its neighbour b, as points
     * strictly between their centres (at most MAZE__VIA_MAX), for kinds
     * whose corridors curve (a circle's rings); returns how many. NULL:
     * a straight line.
     */
    unsigned (*path_via)(const struct maze_grid *g, uint32_t a, uint32_t b,
                         struct maze_point *out);
    /*
     * The edge that may not be open together with the existing edge
     * `edge` (zeta: the other diagonal of its 2 x 2 block, which would
     * cross it), or MAZE_NONE. Conflicting edges come in pairs, each the
     * other's, and neither side of a pair is ever the outer boundary: an
     * edge with a partner has its side in each of its cells apart, not
     * one side they share (maze__draws_side()). NULL: no edge conflicts.
     */
    uint32_t (*conflict)(const struct maze_grid *g, uint32_t edge);
    /*
     * The edges of cell that have no side to draw (3D: up to the level
     * above, returned, and down, into *down), each MAZE_NONE when there
     * is none; exporters mark the cells such an open edge joins (stair
     * marks, maze__cell_stairs()). NULL: every edge has its side.
     */
    uint32_t (*stairs)(const struct maze_grid *g, uint32_t cell,
                       uint32_t *down);
    /*
     * The i-th name the drawing shows (3D: "Level 1" under the first
     * level's panel) into *out; returns how many names there are, 0 when
     * i is past them. NULL: none.
     */
    unsigned (*label)(const struct maze_grid *g, unsigned i,
                      struct maze__label *out);
    /*
     * The cell the existing edge `edge` passes under (weave: a tunnel
     * joins two cells across a third), or MAZE_NONE. NULL: no edge does.
     */
    uint32_t (*under)(const struct maze_grid *g, uint32_t edge);
    /*
     * Whether the existing edge may not be open together with the edges
     * open in `open` (a maze's passage bits; the edge's own bit is not
     * looked at), for kinds whose rule is more than pairs of conflicting
     * edges (weave: a tunnel only under a straight corridor across it).
     * Generators skip a blocked edge; the loader refuses one. NULL: only
     * the conflict partner blocks (maze__edge_blocked()).
     */
    bool (*blocked)(const struct maze_grid *g, const uint64_t *open,
                    uint32_t edge);
    /*
     * The walls cell draws in a maze whose passages are `open`, for kinds
     * whose walls depend on more than the edge through each side (weave's
     * inset corridors); `openings` has bit i set when side i (of
     * cell_sides) is an opening. Writes at most MAZE__WALLS_MAX segments
     * and counts them. NULL: each closed side the cell draws
     * (maze__cell_walls()).
     */
    unsigned (*walls)(const struct maze_grid *g, const uint64_t *open,
                      uint32_t cell, unsigned openings, struct maze_side *out);
};

/* The most segments the walls operation gives for one cell. */
#define MAZE__WALLS_MAX 16

/* The most points path_via() gives for one step. A point with NaN
 * coordinates lifts the pen: the path goes on, drawn apart (3D mazes
 * change level). */
#define MAZE__VIA_MAX 16

/*
 * A kind's neighbourhood as data, for the kinds whose cells go row by row:
 * cell (x, y) of level z is (z * height + y) * width + x. A cell's phase
 * is (px * x + py * y) & 1 (hexagons: the row's parity; triangles and
 * octagons: the checkerboard's), and each phase lists the steps to its
 * neighbours in the order the kind's neighbors operation gives them.
 * maze__neighbors() evaluates it inline, with no call and no division (a
 * multiply by a reciprocal instead), so the generators' hot loops stay
 * generic: a kind says what its cells are, not how to walk them.
 */
struct maze__stencil_step {
    int8_t dx, dy, dz;
    /* The slot of the edge in its owner's slots; the owner is the cell,
     * or the neighbour when `theirs`. */
    uint8_t slot;
    bool theirs;
};

/* A passage near an edge, for maze__stencil.rule: the edge in `slot` of
 * the cell dx, dy from the edge's owner, and whether the rule wants it
 * open (else closed). */
struct maze__stencil_pass {
    int8_t dx, dy;
    uint8_t slot;
    bool open;
};

struct maze__stencil {
    uint8_t slots; /* edge slots a cell owns: 2, 3 or 4 */
    uint8_t px, py;
    /* Cells go in levels of width x height (3D): z is a size too. */
    bool layered;
    /* The class of each slot when it depends on the slot only (else
     * by_slot is false and the kind's edge_class decides). */
    bool by_slot;
    uint8_t slot_class[4];
    /* maze__neighbors() evaluates the stencil rather than calling the
     * kind's neighbors operation: a choice by measurement, per kind
     * (docs/performance.md). The loop over the steps beats a call into
     * the king grids' own loop, but not a kind's unrolled arithmetic
     * (hex, triangle, 3d), whose walks are then slower. */
    bool inline_neighbors;
    /* Conflicting pairs as data (the kind's conflict operation, which
     * must agree, evaluated inline): the partner of an existing edge in
     * slot s is that edge plus partner[s], none when partner[s] is 0.
     * Read only on grids with conflicts; `pairs` when some slot has one. */
    bool pairs;
    int8_t partner[4];
    uint8_t count[2];
    struct maze__stencil_step step[2][8];
    /* The cell an existing edge passes under (ops->under) as data: for
     * an edge in slot s, under[s] is 1 + the slot of the owner's edge
     * whose other cell that is (weave: a tunnel east passes under the
     * cell its owner's east edge leads to); 0: under none. */
    uint8_t under[4];
    /* The kind's blocked operation (which must agree) as data, for the
     * walks that evaluate it inline: an existing edge in slot s, owned by
     * cell c, is blocked when one of its passages rule[s][0 .. rule_count[s])
     * that must be closed is open, or one that must be open is closed.
     * A passage is bit slots x (c + dx + dy x width) + slot of the maze's
     * passages, read with no bounds but the bits' own (a read before the
     * first bit or past the last is closed), never the edge itself; so
     * the kind lists only reads that are right wherever they fall (past
     * a row's end, a slot that is no edge there, closed). `rules` when
     * some slot has one. */
    bool rules;
    uint8_t rule_count[4];
    struct maze__stencil_pass rule[4][6];
};

/* The edge step t of s takes from cell to its neighbour `other`: a slot
 * of the cell's, or of the neighbour's when the neighbour owns it. */
static inline uint32_t
maze__step_edge(const struct maze__stencil *s,
                const struct maze__stencil_step *t, uint32_t cell,
                uint32_t other)
{
    return s->slots * (t->theirs ? other : cell) + t->slot;
}

/* The passage rule read q reads, as a bit offset from the first slot of
 * the ruled edge's owner, on a grid `width` cells across. */
static inline int64_t
maze__pass_offset(const struct maze__stencil *s,
                  const struct maze__stencil_pass *q, uint32_t width)
{
    return q->slot + s->slots * (q->dx + (int64_t)q->dy * width);
}

/*
 * A grid kind: its public description, and what makes a grid of it. One
 * file per kind under src/core/ defines one of these, and the registry
 * (grid_registry.c) lists it.
 */
struct maze__grid_kind {
    struct maze_grid_kind info;
    /*
     * Cells and edge slots of a grid with these sizes (every size already
     * within the limits of info.sizes, defaults applied). MAZE_OK, or
     * MAZE_ERR_RANGE when the sizes do not go together. NULL: width x
     * height cells, each owning info.slots_per_cell slots.
     */
    int (*measure)(const uint32_t *size, uint64_t *cells, uint64_t *slots);
    /*
     * Completes g, whose sizes, cells and edge_slots are set: the edge
     * count, the extent, and any tables (in g->tables). MAZE_OK or
     * MAZE_ERR_NOMEM.
     */
    int (*init)(struct maze_grid *g);
    /* Frees what init allocated; NULL when nothing. */
    void (*finish)(struct maze_grid *g);
    /* The cell a maze of this kind leads to by default (a circle's
     * centre): the finish, with the start the boundary cell farthest
     * from it. NULL: the ends of the longest boundary path. */
    uint32_t (*goal)(const struct maze_grid *g);
    /* The share of a cell's width a corridor takes where the walls draw
     * it narrower than the cell (weave's inset corridors); 0: all of it.
     * The solution line narrows to fit. */
    double passage;
    /* The neighbourhood as data (see maze__stencil), or NULL. */
    const struct maze__stencil *stencil;
    struct maze__grid_ops ops;
};

struct maze_grid {
    /* A whole rectangle: the arithmetic fast paths apply. Kept as a flag
     * so the hot loops test one byte of the grid they already hold. */
    bool rect;
    /* Some edges conflict, or may be blocked by others (ops->conflict or
     * ops->blocked is set): tested the same way, so that asking costs the
     * kinds without conflicts one byte. */
    bool conflicts;
    const struct maze__grid_kind *kind;
    /* kind->ops, or the mask's operations on a masked grid. */
    const struct maze__grid_ops *ops;
    uint32_t size[MAZE_SIZE_COUNT];
    uint32_t width, height;
    uint32_t cells;
    uint32_t edge_slots;
    uint32_t edges;
    double extent_w, extent_h;
    /* The kind's own tables, or NULL. */
    void *tables;
    /* kind->stencil on a whole grid it works for (width, and height when
     * layered, at least 2), else NULL; then the reciprocals of width and
     * height for maze__div(), the levels (1 when not layered) and the
     * cells of a level. */
    const struct maze__stencil *stencil;
    uint64_t recip_w, recip_h;
    uint32_t layers, layer_cells;
    /* own_step[phase][slot]: the stencil step by which a cell of that
     * phase reaches the other cell of its edge in that slot, or -1 when
     * it owns no such edge. */
    int8_t own_step[2][4];
    /* The kind's rings as data (see maze__rings) on a whole grid of a
     * circular kind, else NULL. */
    const struct maze__rings *rings;
    /* The pieces the cells form, each reaching none of the others (a
     * mask may keep several); 1 on a whole grid. No maze joins more
     * than one, so maze_generate() refuses such a grid. */
    uint32_t pieces;
    /* Masked grids: the whole grid, and its cells to ours and back. */
    struct maze_grid *base;
    uint32_t *from_base, *to_base;
};

extern const struct maze__grid_kind maze__grid_rect;

/*
 * Walks g by its neighbours: *pieces is the number of pieces its cells
 * form and, when piece is not NULL (g->cells entries), each cell's piece,
 * numbered from 1 in the order of their first cells (grid_mask.c).
 * Errors: MAZE_ERR_NOMEM.
 */
int maze__grid_pieces(const struct maze_grid *g, uint32_t *piece,
                      uint32_t *pieces);

/* The registered kind with this name, or else this alias, or NULL
 * (grid_registry.c). */
const struct maze__grid_kind *maze__grid_kind_find(const char *name);

/* The registry entry of a public kind, or NULL for a kind that is not one
 * of the registry's. */
const struct maze__grid_kind *
maze__grid_kind_entry(const struct maze_grid_kind *kind);

/*
 * The outward side a start (finish) at cell opens through, chosen from
 * its geometry: among its boundary sides the one whose outward normal
 * points most to the west, then north (the finish: east, then south), so
 * a maze reads left to right; `avoid` is a side index not to take when
 * another exists. MAZE_NONE when the cell is inside.
 */
unsigned maze__grid_opening(const struct maze_grid *g, uint32_t cell,
                            bool finish, unsigned avoid);

/*
 * The side of the maze a boundary side of cell faces: MAZE__SIDE_N, _E,
 * _S or _W, the one nearest the direction from the cell's centre to the
 * side's middle (east or west when as near both ways). Rectangles' sides
 * face their own direction.
 */
unsigned maze__side_facing(const struct maze_grid *g, uint32_t cell,
                           const struct maze_side *side);

/* The sides of the maze (1 << MAZE__SIDE_*) that cell's boundary sides
 * face; 0 inside. */
unsigned maze__cell_facing(const struct maze_grid *g, uint32_t cell);

/*
 * Among cell's boundary sides facing a side of the maze in `facing` (a
 * mask of 1 << MAZE__SIDE_*), the one maze__grid_opening() would prefer
 * for a start (finish); MAZE_NONE when there is none.
 */
unsigned maze__grid_opening_facing(const struct maze_grid *g, uint32_t cell,
                                   bool finish, unsigned facing);

/* Masked grids (grid_mask.c): completes g, a copy of the whole grid
 * g->base, to keep only the cells mask keeps (at least one). MAZE_OK or
 * MAZE_ERR_NOMEM (g then holds what maze_grid_destroy() frees). */
int maze__grid_mask(struct maze_grid *g, const struct maze_mask *mask);

/* Cell names of the kinds whose cells go row by row, y * width + x
 * (grid.c), for their operation tables. */
void maze__xy_coords(const struct maze_grid *g, uint32_t cell, uint32_t *out);
uint32_t maze__xy_cell_at(const struct maze_grid *g, const uint32_t *coords);
/* Their openings, as a width x height rectangle's (maze__rect_opening()). */
unsigned maze__xy_opening(const struct maze_grid *g, uint32_t cell, bool finish,
                          unsigned avoid);

/*
 * King grids (grid_king.c): rectangles whose cells also meet across their
 * corners, four edge slots a cell (east, south, south-east, south-west).
 * Directions clockwise from north; `checker` keeps diagonals to the cells
 * with x + y even (upsilon's octagons).
 */
enum {
    MAZE__KING_N,
    MAZE__KING_NE,
    MAZE__KING_E,
    MAZE__KING_SE,
    MAZE__KING_S,
    MAZE__KING_SW,
    MAZE__KING_W,
    MAZE__KING_NW,
    MAZE__KING_DIRS
};
/* Their two classes: across sides, across corners. */
enum { MAZE__KING_ORTH, MAZE__KING_DIAG };
extern const int maze__king_dx[MAZE__KING_DIRS];
extern const int maze__king_dy[MAZE__KING_DIRS];
/* The neighbour of (x, y) in direction d and the edge to it; false off the
 * grid or where `checker` forbids the diagonal. */
bool maze__king_step(const struct maze_grid *g, uint32_t x, uint32_t y, int d,
                     bool checker, struct maze_link *l);
/* Their neighbourhoods as data: every diagonal, and `checker`'s. */
extern const struct maze__stencil maze__king_stencil;
extern const struct maze__stencil maze__king_checker_stencil;
unsigned maze__king_neighbors(const struct maze_grid *g, uint32_t cell,
                              bool checker, struct maze_link *out);
bool maze__king_edge_exists(const struct maze_grid *g, uint32_t edge,
                            bool checker);
void maze__king_edge_cells(const struct maze_grid *g, uint32_t edge,
                           uint32_t *a, uint32_t *b);
unsigned maze__king_edge_class(const struct maze_grid *g, uint32_t edge);

/* The middle of a side: of its segment, or along its arc. */
struct maze_point maze__side_middle(const struct maze_side *s);

/* A straight side from a to b, for the kinds' cell_sides. */
static inline struct maze_side
maze__side_line(double ax, double ay, double bx, double by, uint32_t edge)
{
    return (struct maze_side){
        .shape = MAZE_SIDE_LINE, .a = {ax, ay}, .b = {bx, by}, .edge = edge};
}

/* Side indices of a rectangular cell, in maze_grid_cell_sides() order. */
enum { MAZE__SIDE_N = 0, MAZE__SIDE_E = 1, MAZE__SIDE_S = 2, MAZE__SIDE_W = 3 };

/*
 * The four sides of the unit square whose top-left corner is (x0, y0), in
 * MAZE__SIDE_* order, through edge[MAZE__SIDE_*] (MAZE_NONE on the
 * outline): the cell_sides of the kinds whose cells are squares.
 */
static inline unsigned
maze__square_sides(double x0, double y0, const uint32_t edge[4],
                   struct maze_side *out)
{
    double x1 = x0 + 1.0, y1 = y0 + 1.0;
    out[MAZE__SIDE_N] = maze__side_line(x0, y0, x1, y0, edge[MAZE__SIDE_N]);
    out[MAZE__SIDE_E] = maze__side_line(x1, y0, x1, y1, edge[MAZE__SIDE_E]);
    out[MAZE__SIDE_S] = maze__side_line(x0, y1, x1, y1, edge[MAZE__SIDE_S]);
    out[MAZE__SIDE_W] = maze__side_line(x0, y0, x0, y1, edge[MAZE__SIDE_W]);
    return 4;
}

/* Whether g is a whole rectangle, with the arithmetic fast paths. */
static inline bool
maze__grid_is_rect(const struct maze_grid *g)
{
    return g->rect;
}

static inline uint32_t
maze__rect_east(uint32_t cell)
{
    return 2 * cell;
}

static inline uint32_t
maze__rect_south(uint32_t cell)
{
    return 2 * cell + 1;
}

/* The edge between cells a and b of a rectangle `width` cells wide, or
 * MAZE_NONE when they are not neighbours. */
static inline uint32_t
maze__rect_edge_between(uint32_t width, uint32_t a, uint32_t b)
{
    uint32_t lo = a < b ? a : b, hi = a < b ? b : a;
    if (hi == lo + 1 && hi % width != 0) {
        return maze__rect_east(lo);
    }
    if (hi - lo == width) {
        return maze__rect_south(lo);
    }
    return MAZE_NONE;
}

/*
 * The outward side a start (or finish) at cell (x, y) of a width x height
 * rectangle opens through, as a MAZE__SIDE_* index, or MAZE_NONE inside.
 * The start prefers west, north, east, south and the finish east, south,
 * west, north, so that on the usual corner-to-corner maze the reader
 * enters on the left and leaves on the right; `avoid` is a side not to
 * take when another exists. Arithmetic only, so streamed mazes larger
 * than any grid get the same openings.
 */
static inline unsigned
maze__rect_opening(uint32_t width, uint32_t height, uint32_t x, uint32_t y,
                   bool finish, unsigned avoid)
{
    static const unsigned start_order[4] = {MAZE__SIDE_W, MAZE__SIDE_N,
                                            MAZE__SIDE_E, MAZE__SIDE_S};
    static const unsigned finish_order[4] = {MAZE__SIDE_E, MAZE__SIDE_S,
                                             MAZE__SIDE_W, MAZE__SIDE_N};
    bool outside[4];
    outside[MAZE__SIDE_N] = y == 0;
    outside[MAZE__SIDE_E] = x + 1 == width;
    outside[MAZE__SIDE_S] = y + 1 == height;
    outside[MAZE__SIDE_W] = x == 0;
    const unsigned *order = finish ? finish_order : start_order;
    unsigned fallback = MAZE_NONE;
    for (int i = 0; i < 4; i++) {
        unsigned s = order[i];
        if (!outside[s]) {
            continue;
        }
        if (s != avoid) {
            return s;
        }
        fallback = s;
    }
    return fallback;
}

/* The reciprocal of d (2 or more) for maze__div(). */
static inline uint64_t
maze__recip(uint32_t d)
{
    return UINT64_MAX / d + 1;
}

/*
 * n / d for the d whose reciprocal is r: exact for every 32-bit n and d
 * (Lemire, Kaser and Kurz, "Faster remainder by direct computation",
 * 2019), one multiply where a division takes tens of cycles.
 */
static inline uint32_t
maze__div(uint32_t n, uint64_t r)
{
#ifdef __SIZEOF_INT128__
    return (uint32_t)(((unsigned __int128)r * n) >> 64);
#else
    /* Without 128-bit products: d is r's reciprocal back. */
    uint32_t d = (uint32_t)(UINT64_MAX / r + 1);
    return n / d;
#endif
}

/*
 * A circular kind's neighbourhood as data (theta), for the walks that
 * would otherwise ask the kind for every cell's neighbours: rings of
 * cells around a centre, each ring a whole multiple of the one inside,
 * numbered ring by ring from the centre (ring 0, one cell), each ring's
 * cells in order round it. O(rings) memory, nothing a cell. A walk
 * carries its cell's ring and position along (maze__ring_at), and
 * moves by table (maze__ring_move), with no lookup of the ring.
 *
 * The neighbours of the cell at position p of ring r, in the order the
 * kind's neighbors operation gives them (generators draw by position in
 * that order, so it must agree to the last one): on ring 0, the cells of
 * ring 1 in order; on other rings, the next cell round (p + 1, wrapping;
 * edge 2 x cell), the `out` cells of ring r + 1 from p x out up (edge
 * 2 x theirs + 1), the previous cell round (edge 2 x that cell), and the
 * cell of ring r - 1 at p / in (edge 2 x cell + 1). Edges of slot parity
 * 0 are of class `along`, the others of class `across`.
 */
struct maze__ring {
    uint32_t start; /* the ring's first cell */
    uint32_t count; /* its cells */
    /* Cells of the ring outside over this ring's (0 on the outermost),
     * and this ring's over the ring inside's (0 on ring 0): at most
     * MAZE__RING_RATIO_MAX. */
    uint8_t out, in;
};

#define MAZE__RING_RATIO_MAX 16

struct maze__rings {
    uint32_t count; /* rings, ring 0 included */
    /* count + 1 entries: the one past the outermost starts at the
     * grid's cell count, with no cells. */
    const struct maze__ring *ring;
    uint8_t along, across; /* the classes of the two kinds of edge */
    /* recip[d]: d's reciprocal for maze__div(), d from 2 up. */
    uint64_t recip[MAZE__RING_RATIO_MAX + 1];
};

/* Where a walk on rings is: its cell, ring and position round it. */
struct maze__ring_walker {
    uint32_t cell, r, p;
};

/* Places *w at cell, finding its ring by search (walks start there;
 * they carry the ring along after). */
static inline void
maze__ring_at(const struct maze__rings *rs, uint32_t cell,
              struct maze__ring_walker *w)
{
    uint32_t lo = 0, hi = rs->count; /* ring[lo].start <= cell < ring[hi] */
    while (hi - lo > 1) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (rs->ring[mid].start <= cell) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    w->cell = cell;
    w->r = lo;
    w->p = cell - rs->ring[lo].start;
}

/* The number of neighbours of a cell of ring r. */
static inline unsigned
maze__ring_degree(const struct maze__rings *rs, uint32_t r)
{
    return r == 0 ? rs->ring[0].out : 3u + rs->ring[r].out;
}

/* Whether neighbour i of a cell of ring r is along its ring (else across
 * to the next ring out or in). */
static inline bool
maze__ring_is_along(const struct maze__rings *rs, uint32_t r, unsigned i)
{
    return r != 0 && (i == 0 || i == rs->ring[r].out + 1u);
}

/* Moves *w to its neighbour i (in the order above); returns the edge
 * between them. */
static inline __attribute__((always_inline)) uint32_t
maze__ring_move(const struct maze__rings *rs, struct maze__ring_walker *w,
                unsigned i)
{
    const struct maze__ring *R = &rs->ring[w->r];
    uint32_t out = R->out, cell = w->cell, p = w->p;
    if (out == 1 && w->r != 0) {
        /* Most cells: one cell out, four neighbours. Every one is worked
         * out and i picks, by table rather than by branches, which a
         * random walk's random i would mispredict. */
        static const int8_t ring_step[4] = {0, 1, 0, -1};
        uint32_t pos[4], first[4];
        pos[0] = p + 1 == R->count ? 0 : p + 1;
        pos[1] = p;
        pos[2] = p == 0 ? R->count - 1 : p - 1;
        pos[3] = R->in == 1 ? p : maze__div(p, rs->recip[R->in]);
        first[0] = first[2] = R->start;
        first[1] = R[1].start;
        first[3] = R[-1].start;
        i &= 3u;
        w->r = (uint32_t)((int32_t)w->r + ring_step[i]);
        w->p = pos[i];
        w->cell = first[i] + pos[i];
        /* Along: the lower-numbered way round's slot 0; across: the
         * outer cell's slot 1. */
        return 2 * ((0x9u >> i) & 1u ? cell : w->cell) + (i & 1u);
    }
    if (w->r == 0 || (i >= 1 && i <= out)) {
        /* Out: ring 0's list is ring 1's cells, from 0. */
        uint32_t j = w->r == 0 ? i : i - 1;
        w->r++;
        w->p = p * out + j;
        w->cell = R[1].start + w->p;
        return 2 * w->cell + 1;
    }
    if (i == 0) {
        w->p = p + 1 == R->count ? 0 : p + 1;
        w->cell = R->start + w->p;
        return 2 * cell;
    }
    if (i == out + 1) {
        w->p = p == 0 ? R->count - 1 : p - 1;
        w->cell = R->start + w->p;
        return 2 * w->cell;
    }
    w->r--;
    w->p = R->in == 1 ? p : maze__div(p, rs->recip[R->in]);
    w->cell = R[-1].start + w->p;
    return 2 * cell + 1;
}

/* The neighbours of w's cell from the table, as the kind's neighbors
 * operation gives them. */
static inline unsigned
maze__ring_neighbors(const struct maze__rings *rs,
                     const struct maze__ring_walker *w, struct maze_link *out)
{
    unsigned n = maze__ring_degree(rs, w->r);
    for (unsigned i = 0; i < n; i++) {
        struct maze__ring_walker v = *w;
        out[i].edge = maze__ring_move(rs, &v, i);
        out[i].cell = v.cell;
    }
    return n;
}

/* The place of cell on a grid with a stencil: x, y and level z, and its
 * phase, the index of its steps. */
static inline __attribute__((always_inline)) unsigned
maze__stencil_place(const struct maze_grid *g, uint32_t cell, uint32_t *x,
                    uint32_t *y, uint32_t *z)
{
    const struct maze__stencil *s = g->stencil;
    uint32_t row = maze__div(cell, g->recip_w);
    *x = cell - row * g->width;
    *y = row;
    *z = 0;
    if (s->layered) {
        *z = maze__div(row, g->recip_h);
        *y = row - *z * g->height;
    }
    return (s->px * *x + s->py * *y) & 1u;
}

/* The neighbours of cell on a grid with a stencil, as its kind's
 * neighbors operation gives them. */
static inline __attribute__((always_inline)) unsigned
maze__stencil_neighbors(const struct maze_grid *g, uint32_t cell,
                        struct maze_link *out)
{
    const struct maze__stencil *s = g->stencil;
    uint32_t w = g->width, h = g->height, x, y, z;
    unsigned phase = maze__stencil_place(g, cell, &x, &y, &z);
    const struct maze__stencil_step *st = s->step[phase];
    unsigned n = 0, count = s->count[phase];
    for (unsigned i = 0; i < count; i++) {
        /* Off the grid, a step below 0 wraps past the size. */
        if (x + (uint32_t)st[i].dx >= w || y + (uint32_t)st[i].dy >= h ||
            z + (uint32_t)st[i].dz >= g->layers) {
            continue;
        }
        uint32_t nc =
            (uint32_t)((int64_t)cell + st[i].dx + (int64_t)st[i].dy * w +
                       (int64_t)st[i].dz * g->layer_cells);
        out[n].cell = nc;
        out[n].edge = maze__step_edge(s, &st[i], cell, nc);
        n++;
    }
    return n;
}

/*
 * A stencil grid's cells laid out with a border all round (pad cells
 * across, a level above and below when layered), for walks that keep a
 * bit a cell and want no bounds checks: the border's bits are set, so a
 * step off the grid reads "taken". The walk carries its cell, its padded
 * index and its phase, and moves all three by table: no division.
 */
struct maze__padded {
    size_t bits;        /* padded positions */
    size_t sx, sz;      /* padded steps a row, a level */
    unsigned pad, zpad; /* border cells across, levels */
    int64_t cell[2][8]; /* per phase and step: cell index change */
    int64_t pos[2][8];  /* padded index change */
    uint8_t flip[2][8]; /* phase change */
    uint8_t back[2][8]; /* the step back, in the neighbour's phase */
};

/* Fills p for g (which has a stencil); false when the padded positions
 * would not fit a size_t. */
static inline bool
maze__padded_init(const struct maze_grid *g, struct maze__padded *p)
{
    const struct maze__stencil *s = g->stencil;
    unsigned pad = 0;
    for (unsigned f = 0; f < 2; f++) {
        for (unsigned i = 0; i < s->count[f]; i++) {
            const struct maze__stencil_step *t = &s->step[f][i];
            unsigned ax = (unsigned)(t->dx < 0 ? -t->dx : t->dx);
            unsigned ay = (unsigned)(t->dy < 0 ? -t->dy : t->dy);
            pad = ax > pad ? ax : pad;
            pad = ay > pad ? ay : pad;
        }
    }
    p->pad = pad;
    p->zpad = s->layered ? 1 : 0;
    p->sx = (size_t)g->width + 2 * pad;
    uint64_t sz = (uint64_t)p->sx * ((uint64_t)g->height + 2 * pad);
    uint64_t all = sz * ((uint64_t)g->layers + 2 * p->zpad);
    /* No overflow: width, height and levels are at most 2^31 together,
     * and each at least 1 (width 2), so all < 45 * 2^31. */
    if (all > SIZE_MAX) {
        return false;
    }
    p->sz = (size_t)sz;
    p->bits = (size_t)all;
    for (unsigned f = 0; f < 2; f++) {
        for (unsigned i = 0; i < s->count[f]; i++) {
            const struct maze__stencil_step *t = &s->step[f][i];
            p->cell[f][i] = t->dx + (int64_t)t->dy * g->width +
                            (int64_t)t->dz * g->layer_cells;
            p->pos[f][i] =
                t->dx + (int64_t)t->dy * (int64_t)p->sx + t->dz * (int64_t)sz;
            unsigned to = f ^ ((unsigned)(s->px * t->dx + s->py * t->dy) & 1u);
            p->flip[f][i] = (uint8_t)(f ^ to);
            p->back[f][i] = 0;
            for (unsigned j = 0; j < s->count[to]; j++) {
                const struct maze__stencil_step *u = &s->step[to][j];
                if (u->dx == -t->dx && u->dy == -t->dy && u->dz == -t->dz) {
                    p->back[f][i] = (uint8_t)j;
                }
            }
        }
    }
    return true;
}

/* The padded index and phase of cell. */
static inline size_t
maze__padded_at(const struct maze_grid *g, const struct maze__padded *p,
                uint32_t cell, unsigned *phase)
{
    const struct maze__stencil *s = g->stencil;
    uint32_t row = maze__div(cell, g->recip_w);
    uint32_t x = cell - row * g->width, y = row, z = 0;
    if (s->layered) {
        z = maze__div(row, g->recip_h);
        y = row - z * g->height;
    }
    *phase = (s->px * x + s->py * y) & 1u;
    return (z + p->zpad) * p->sz + (y + p->pad) * p->sx + x + p->pad;
}

/* The slot of edge among its owner's, on a grid with a stencil. */
static inline unsigned
maze__stencil_slot(const struct maze__stencil *s, uint32_t edge)
{
    /* Constant divisors: a multiply each. */
    switch (s->slots) {
    case 2:
        return edge % 2;
    case 3:
        return edge % 3;
    default:
        return edge % 4;
    }
}

/* The owner of edge on a grid with a stencil (edge / slots). */
static inline uint32_t
maze__stencil_owner(const struct maze__stencil *s, uint32_t edge)
{
    switch (s->slots) {
    case 2:
        return edge / 2;
    case 3:
        return edge / 3;
    default:
        return edge / 4;
    }
}

/*
 * Whether slot `edge` holds an edge of a grid with a stencil, and if so
 * its cells, the owner (the lower) first: the edge_exists and edge_cells
 * operations as data.
 */
static inline bool
maze__stencil_edge(const struct maze_grid *g, uint32_t edge, uint32_t *a,
                   uint32_t *b)
{
    const struct maze__stencil *s = g->stencil;
    uint32_t cell = maze__stencil_owner(s, edge);
    unsigned slot = maze__stencil_slot(s, edge);
    uint32_t w = g->width, h = g->height, x, y, z;
    unsigned phase = maze__stencil_place(g, cell, &x, &y, &z);
    int i = g->own_step[phase][slot];
    if (i < 0) {
        return false;
    }
    const struct maze__stencil_step *t = &s->step[phase][i];
    if (x + (uint32_t)t->dx >= w || y + (uint32_t)t->dy >= h ||
        z + (uint32_t)t->dz >= g->layers) {
        return false;
    }
    *a = cell;
    *b = (uint32_t)((int64_t)cell + t->dx + (int64_t)t->dy * w +
                    (int64_t)t->dz * g->layer_cells);
    return true;
}

/* The cell the existing edge passes under, from the stencil's data (see
 * maze__stencil.under), or MAZE_NONE: ops->under, inline. */
static inline uint32_t
maze__stencil_under(const struct maze_grid *g, uint32_t edge)
{
    const struct maze__stencil *s = g->stencil;
    unsigned u = s->under[maze__stencil_slot(s, edge)];
    uint32_t owner = maze__stencil_owner(s, edge), a, b;
    if (u == 0) {
        return MAZE_NONE;
    }
    return maze__stencil_edge(g, s->slots * owner + u - 1, &a, &b) ? b
                                                                   : MAZE_NONE;
}

/* Whether slot edge (below edge_slots) holds an edge, inline on the
 * kinds with a stencil. */
static inline bool
maze__edge_exists(const struct maze_grid *g, uint32_t edge)
{
    uint32_t a, b;
    if (g->stencil != NULL) {
        return maze__stencil_edge(g, edge, &a, &b);
    }
    return g->ops->edge_exists(g, edge);
}

/* Neighbours of a cell, with the rectangular case and the stencils
 * inlined for hot loops. */
static inline unsigned
maze__neighbors(const struct maze_grid *g, uint32_t cell, struct maze_link *out)
{
    if (!maze__grid_is_rect(g)) {
        if (g->stencil != NULL && g->stencil->inline_neighbors) {
            return maze__stencil_neighbors(g, cell, out);
        }
        return g->ops->neighbors(g, cell, out);
    }
    uint32_t w = g->width;
    uint32_t x = cell % w;
    unsigned n = 0;
    if (x + 1 < w) {
        out[n++] = (struct maze_link){cell + 1, maze__rect_east(cell)};
    }
    if (cell + w < g->cells) {
        out[n++] = (struct maze_link){cell + w, maze__rect_south(cell)};
    }
    if (x > 0) {
        out[n++] = (struct maze_link){cell - 1, maze__rect_east(cell - 1)};
    }
    if (cell >= w) {
        out[n++] = (struct maze_link){cell - w, maze__rect_south(cell - w)};
    }
    return n;
}

/*
 * Whether cell is known, without its sides' geometry, to be off the outer
 * boundary: on a whole grid with a stencil, every side of a cell faces a
 * neighbour one column or row away (tunnels pass under, not through a
 * side), so a cell away from the first and last columns and rows of its
 * level has none on the boundary. False says nothing.
 */
static inline bool
maze__grid_inside(const struct maze_grid *g, uint32_t cell)
{
    if (g->stencil == NULL) {
        return false;
    }
    uint32_t x, y, z;
    (void)maze__stencil_place(g, cell, &x, &y, &z);
    return x - 1 < g->width - 2 && y - 1 < g->height - 2;
}

/* Whether a cell lies on the outer boundary (can have an opening). */
static inline bool
maze__on_boundary(const struct maze_grid *g, uint32_t cell)
{
    if (maze__grid_is_rect(g)) {
        uint32_t x = cell % g->width, y = cell / g->width;
        return x == 0 || y == 0 || x + 1 == g->width || y + 1 == g->height;
    }
    return !maze__grid_inside(g, cell) &&
           maze__grid_opening(g, cell, false, MAZE_NONE) != MAZE_NONE;
}

/* The two cells of an edge, computed inline on rectangles. */
static inline void
maze__edge_cells(const struct maze_grid *g, uint32_t edge, uint32_t *a,
                 uint32_t *b)
{
    if (maze__grid_is_rect(g)) {
        *a = edge / 2;
        *b = (edge & 1) ? *a + g->width : *a + 1;
        return;
    }
    const struct maze__stencil *s = g->stencil;
    if (s != NULL && s->px == 0 && s->py == 0) {
        /* One phase: an existing edge's other cell is a fixed step from
         * its owner, wherever that is. */
        uint32_t cell = maze__stencil_owner(s, edge);
        const struct maze__stencil_step *t =
            &s->step[0][g->own_step[0][maze__stencil_slot(s, edge)]];
        *a = cell;
        *b = (uint32_t)((int64_t)cell + t->dx + (int64_t)t->dy * g->width +
                        (int64_t)t->dz * g->layer_cells);
        return;
    }
    if (s != NULL) {
        (void)maze__stencil_edge(g, edge, a, b);
        return;
    }
    g->ops->edge_cells(g, edge, a, b);
}

static inline unsigned
maze__edge_class(const struct maze_grid *g, uint32_t edge)
{
    if (maze__grid_is_rect(g)) {
        return (edge & 1) ? MAZE_CLASS_V : MAZE_CLASS_H;
    }
    if (g->stencil != NULL && g->stencil->by_slot) {
        return g->stencil->slot_class[maze__stencil_slot(g->stencil, edge)];
    }
    return g->ops->edge_class(g, edge);
}

/* The edge that may not be open with the existing edge `edge`, or
 * MAZE_NONE (see maze__grid_ops.conflict); one test on other kinds. */
static inline uint32_t
maze__edge_conflict(const struct maze_grid *g, uint32_t edge)
{
    return g->conflicts && g->ops->conflict != NULL ? g->ops->conflict(g, edge)
                                                    : MAZE_NONE;
}

/*
 * Whether cell, one of the two cells of the interior edge `edge`, draws
 * the side it has through it: the lower cell does, so a side the two
 * share is drawn once, and both do when the edge has a conflicting
 * partner, whose sides are each cell's own (zeta's small diamond between
 * two crossing diagonals).
 */
static inline bool
maze__draws_side(const struct maze_grid *g, uint32_t cell, uint32_t edge)
{
    uint32_t lo, hi;
    maze__edge_cells(g, edge, &lo, &hi);
    return lo == cell || maze__edge_conflict(g, edge) != MAZE_NONE;
}

#endif
