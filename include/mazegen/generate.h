/* SPDX-License-Identifier: MIT */
/*
 * Generators: carve passages into a maze with a named algorithm, bias
 * weights and a seed. The available algorithms are listed by a registry, so
 * programs (and the mazegen command) never name them by hand.
 */
#ifndef MAZEGEN_GENERATE_H
#define MAZEGEN_GENERATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mazegen/maze.h>
#include <mazegen/progress.h>
#include <mazegen/steps.h>

#ifdef __cplusplus
extern "C" {
#endif

struct maze_algorithm_info {
    const char *name;
    /* One line, no trailing period. */
    const char *description;
    /*
     * Whether it needs a whole rectangle (kind "rect" without a mask):
     * row carvers and division; every other algorithm carves any grid.
     */
    bool rect_only;
    /* Whether it can hand out finished rows one by one. */
    bool streamable;
    /* Whether its mazes are perfect (connected and acyclic). */
    bool perfect;
    /*
     * Whether it draws whole mazes again on grids with conflicting edges
     * (zeta), to stay uniform: then only up to a size
     * (maze_algorithm_conflict_limit()). The others skip an edge whose
     * partner is open, at any size.
     */
    bool rejects;
    /* Whether it carves weave grids (kind info `tunnels`): it tunnels
     * under straight corridors as the grid's rule allows, taking about
     * maze_generate_options.weave percent of the chances. */
    bool weaves;
};

/* The number of registered algorithms, and each by index (NULL past it). */
size_t maze_algorithm_count(void);
const struct maze_algorithm_info *maze_algorithm_at(size_t index);
/* The algorithm with this exact name, or NULL. */
const struct maze_algorithm_info *maze_algorithm_find(const char *name);
/* Whether the algorithm can carve grid. */
bool maze_algorithm_supports(const struct maze_algorithm_info *alg,
                             const struct maze_grid *grid);

/*
 * The most pairs of conflicting edges (maze_grid_conflict_pairs(): a zeta
 * grid's 2 x 2 blocks, (W - 1) x (H - 1) unmasked) a grid may have for
 * maze_generate() to run alg on it with these weights (NULL: unbiased).
 * aldous-broder and wilson stay exactly uniform over the mazes without a
 * crossing by drawing whole mazes again until one has none, which takes
 * exponentially more draws as blocks are added, so they are refused past
 * the size where that may take about a second; weighting the diagonals
 * up lowers the bound (crossings grow likelier). UINT64_MAX for the
 * algorithms that never draw again (they never open a crossing edge) and
 * for grids without conflicts.
 */
uint64_t maze_algorithm_conflict_limit(const struct maze_algorithm_info *alg,
                                       const struct maze_grid *grid,
                                       const struct maze_bias *bias);

/*
 * The growing-tree selection policy: relative weights (any scale, at least
 * one positive) of taking the newest, a random, the oldest or the middle
 * cell of the active list at each step. All zero means newest only (which
 * makes growing-tree a backtracker).
 */
struct maze_growing {
    uint32_t newest, random, oldest, middle;
};

/*
 * Where maze_generate() puts start and finish, and which sides of the
 * maze their openings face. A side of the maze is read off each boundary
 * side's outward direction (west, north, east or south, whichever is
 * nearest), so every grid kind and mask has them.
 */
enum maze_endpoints {
    /*
     * The ends of the longest path between two cells of the outer
     * boundary (maze_boundary_path_ends()), with openings facing
     * different sides of the maze. When both ends can open only on the
     * same side, the finish is the farthest cell from either end that
     * can open on another side (whichever pair is farther apart). The
     * start is the end nearer the top-left. Found by searches that
     * need, on a perfect maze, a byte per step of the longest path they
     * follow (at most a byte a cell; maze_solve() likewise), and on a
     * maze with loops (division's rooms) up to 4.25 bytes a cell.
     */
    MAZE_ENDPOINTS_LONGEST = 0,
    /*
     * The first and the last cell, each with its opening: on a rectangle
     * the top-left cell, entered from the west, and the bottom-right cell,
     * left to the east. No search; these are the endpoints of a streamed
     * maze (stream.h).
     */
    MAZE_ENDPOINTS_CORNERS,
    /*
     * Start opening to the west side of the maze, finish to the east: a
     * pair far apart found by alternating searches (the farthest west cell
     * from an east one and back), four breadth-first searches. Recorded
     * in the provenance as "openings=left-right".
     */
    MAZE_ENDPOINTS_LEFT_RIGHT,
    /* As LEFT_RIGHT from the north side to the south ("openings=top-bottom").
     */
    MAZE_ENDPOINTS_TOP_BOTTOM,
};

/*
 * The name of a placement ("longest", "corners", "left-right",
 * "top-bottom"), or NULL for a value that is none.
 */
const char *maze_endpoints_name(enum maze_endpoints where);

/*
 * Places start and finish of a carved maze as `where` says, with their
 * openings (what maze_generate() does after carving); for a maze shaped
 * since (maze_braid() keeps the cells), this finds the hardest ends
 * again. progress may be NULL.
 * Errors: MAZE_ERR_INVALID (NULL, unknown placement), MAZE_ERR_NOMEM.
 */
int maze_place_endpoints(struct maze *maze, enum maze_endpoints where,
                         const struct maze_progress *progress);

/*
 * Chooses the openings of the maze's current start and finish as `where`
 * would, for cells given by hand: LONGEST the usual sides
 * (maze_set_endpoints()) moved so that they face different sides of the
 * maze when the cells allow; LEFT_RIGHT the start's west and the finish's
 * east side, TOP_BOTTOM north and south, each where the cell has one (else
 * its usual side); CORNERS the usual sides.
 * Errors: MAZE_ERR_INVALID (NULL, unknown placement).
 */
int maze_place_openings(struct maze *maze, enum maze_endpoints where);

/* The weave density maze_generate() takes for 0. */
#define MAZE_WEAVE_DEFAULT 50

/* An empty struct maze_generate_options: its struct_size set, every other
 * member zero (the defaults). */
#define MAZE_GENERATE_OPTIONS_INIT                                             \
    {                                                                          \
        .struct_size = sizeof(struct maze_generate_options)                    \
    }

struct maze_generate_options {
    /*
     * sizeof(struct maze_generate_options) as the caller was compiled; set it
     * with MAZE_GENERATE_OPTIONS_INIT (or to sizeof yourself). The library
     * reads only the members the caller has, so programs built against older
     * headers keep working when members are added (version.h).
     */
    size_t struct_size;
    /* A registered name; NULL means "backtracker". */
    const char *algorithm;
    uint64_t seed;
    /*
     * Weights per direction class. Equal weights of any size, and all
     * zero, mean unbiased: exactly the maze of every weight 1.
     */
    struct maze_bias bias;
    /* growing-tree only. */
    struct maze_growing growing;
    /*
     * division only: regions whose width and height are both at most this
     * many cells are left as open rooms instead of being divided further
     * (the maze is then not perfect). 0 or 1 divides down to single cells.
     */
    uint32_t room_size;
    /* Where start and finish go; the default is the longest path with
     * openings on different sides. */
    enum maze_endpoints endpoints;
    /*
     * Levels of a fractal (nested) maze, K: 0 or 1 an ordinary maze. For
     * K >= 2 the grid must be a whole rectangle of X^K x Y^K cells
     * (maze_fractal_base()): the algorithm carves an X x Y maze, each of
     * whose cells is a block holding an X^(K-1) x Y^(K-1) fractal maze,
     * and each passage between two blocks opens exactly one cell edge on
     * their shared side. The whole is perfect when the algorithm is; the
     * provenance records "fractal=K". Not with division rooms.
     */
    uint32_t fractal;
    /*
     * Weave grids only: the percentage (1 to 100) of the chances to tunnel
     * under a corridor that the algorithm takes; 0 means
     * MAZE_WEAVE_DEFAULT. The backtracker takes a tunnel when it finds one
     * open to it with this probability; kruskal tries to place a crossing
     * at this percentage of the cells, at random, before it joins the
     * rest. The provenance records "weave=P".
     */
    uint32_t weave;
    /* Reports how far carving and the endpoint search are, or NULL. */
    const struct maze_progress *progress;
    /*
     * Hears every step of the carve (steps.h), or NULL: the same maze
     * either way, and no cost without one.
     */
    const struct maze_steps *steps;
};

/*
 * Clears maze, carves it with the options, records the provenance, and sets
 * start and finish as opt->endpoints says (maze_place_endpoints(); by
 * default the ends of its longest path between two cells of the outer
 * boundary, opening on different sides), each with an opening.
 * Errors: MAZE_ERR_INVALID (NULL, unknown algorithm, bad weights, a
 * masked grid whose cells form more than one piece: maze_mask_pieces()),
 * MAZE_ERR_UNSUPPORTED (grid kind), MAZE_ERR_RANGE (a grid with more
 * conflicting pairs than maze_algorithm_conflict_limit()), MAZE_ERR_NOMEM.
 */
int maze_generate(struct maze *maze, const struct maze_generate_options *opt);

/*
 * The block sides of a fractal maze of `levels` levels (K >= 2) on a width
 * x height rectangle: *x, *y with x^K = width and y^K = height.
 * Errors: MAZE_ERR_INVALID (NULL, levels below 2, sizes that are not K-th
 * powers).
 */
int maze_fractal_base(uint32_t width, uint32_t height, unsigned levels,
                      uint32_t *x, uint32_t *y);

/*
 * An upper bound, in bytes, on the memory maze_generate() holds at once
 * for a width x height rectangular maze with opt counting the maze's own
 * passage bits (about 2 bits per cell) but not the grid or the maze
 * object (a few hundred bytes). Meant for refusing a request before
 * allocating anything: a caller compares it with the memory it has.
 * Errors: MAZE_ERR_INVALID (NULL, unknown algorithm), MAZE_ERR_RANGE (a
 * size of 0).
 */
int maze_generate_estimate(uint32_t width, uint32_t height,
                           const struct maze_generate_options *opt,
                           uint64_t *bytes);

/*
 * As maze_generate_estimate() for a grid of any kind (maze_grid_measure()
 * checks kind and grid), counting the grid's own tables too.
 * Errors: MAZE_ERR_INVALID (NULL, unknown algorithm), those of
 * maze_grid_measure().
 */
int maze_generate_estimate_grid(const struct maze_grid_kind *kind,
                                const struct maze_grid_params *grid,
                                const struct maze_generate_options *opt,
                                uint64_t *bytes);

/*
 * Parses bias weights written "NAME=W,..." with the class names of kind
 * (rectangles: "h=3,v=1"; any class may be omitted and then weighs 1;
 * order free; each at most once). W is a non-negative decimal with at
 * most six digits after the point ("2", "0.5", ".5"; not "1." or "1e3"),
 * at most 1000, parsed without the locale; at least one weight must be
 * positive. Classes past the kind's count weigh 1. *out is left untouched
 * on error.
 * Errors: MAZE_ERR_INVALID (syntax, a name kind does not have, NULL),
 * MAZE_ERR_RANGE (values).
 */
int maze_bias_parse(const char *text, const struct maze_grid_kind *kind,
                    struct maze_bias *out);

/* Formats the weights of kind's classes as "h=3,v=1" (shortest exact
 * decimals) into buf. */
void maze_bias_format(const struct maze_bias *bias,
                      const struct maze_grid_kind *kind, char *buf,
                      size_t size);

/*
 * Parses a growing-tree policy: one of "newest", "random", "oldest",
 * "middle", or a weighted mix "newest:75,random:25" (whole weights 0 to
 * 1000000, each name at most once, at least one positive).
 * Errors: MAZE_ERR_INVALID (syntax), MAZE_ERR_RANGE (values).
 */
int maze_growing_parse(const char *text, struct maze_growing *out);

/* Formats a policy as "newest:75,random:25" (zero weights left out). */
void maze_growing_format(const struct maze_growing *g, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif
