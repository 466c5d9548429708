/* SPDX-License-Identifier: MIT */
/*
 * Helpers shared by the unit tests (support.c): a memory sink (membuf.h), a
 * fixture holding a maze under test, hand-made and generated mazes, and the
 * tests' own breadth-first search, written from the public API only so that a
 * bug in the library's solver cannot hide itself. Failures are cmocka
 * assertions, so these are called from inside tests.
 */
#ifndef MAZEGEN_TESTS_SUPPORT_H
#define MAZEGEN_TESTS_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mazegen/mazegen.h>

#include "membuf.h"

/* The rectangle kind, whose classes are h and v. */
#define RECT_KIND maze_grid_kind_find("rect")

/* Skips the calling test in a core build (-Ddrawing=disabled): what it
 * checks is drawn by cairo or Pango, which that build has not. */
#define SKIP_WITHOUT_DRAWING()                                                 \
    do {                                                                       \
        if (!MAZE_HAS_DRAWING) {                                               \
            skip();                                                            \
        }                                                                      \
    } while (0)

/* Cells of flat kinds by x and y, as the tests name them. */
static inline int
cell_at_xy(const struct maze_grid *g, uint32_t x, uint32_t y, uint32_t *cell)
{
    uint32_t xy[2] = {x, y};
    return maze_grid_cell_at(g, xy, 2, cell);
}

static inline void
cell_xy(const struct maze_grid *g, uint32_t cell, uint32_t *x, uint32_t *y)
{
    uint32_t c[MAZE_MAX_COORDS];
    maze_grid_cell_coords(g, cell, c);
    *x = c[0];
    *y = c[1];
}

/* A grid size. */
struct size {
    uint32_t w, h;
};

/*
 * Exports m in format into a fresh b that refuses any write past limit
 * bytes, and returns the status; the caller frees b->data.
 */
int export_to(const struct maze *m, const char *format,
              const struct maze_export_options *opt, struct membuf *b,
              size_t limit);

/*
 * A maze under test on its own grid, with its solution and the scratch of
 * fixture_bfs(); fields not in use are NULL. Freed by fixture_finish().
 */
struct fixture {
    struct maze_grid *grid;
    struct maze *maze;
    struct maze_path *path;
    uint32_t *dist, *queue;
};

/* A w x h rectangular grid and a maze on it with every wall up. */
void fixture_create(struct fixture *f, uint32_t w, uint32_t h);

/*
 * A w x h maze by the backtracker from seed, solved into f->path; with
 * corners, the endpoints are first moved to opposite corners (the first
 * and the last cell) so that both have openings.
 */
void fixture_generate(struct fixture *f, uint32_t w, uint32_t h, uint64_t seed,
                      bool corners);

/*
 * A 2x2 maze with passages 0-1, 0-2 and 2-3, entered at the west of cell 0
 * and left at the east of cell 3, with the provenance of
 * set_hand_provenance(); its solution 0, 2, 3 is in f->path.
 */
void fixture_2x2(struct fixture *f);

void fixture_finish(struct fixture *f);

/* Provenance for hand-made mazes: algorithm "hand", seed 7, bias 1:1. */
void set_hand_provenance(struct maze *m);

/* The cell at (x, y) of f's grid. */
uint32_t cell_at(const struct fixture *f, uint32_t x, uint32_t y);

/* The edge between two neighbouring cells, or MAZE_NONE. */
uint32_t edge_between(const struct maze_grid *g, uint32_t a, uint32_t b);

/* Opens the passage between cells a and b, which must be neighbours. */
void open_cells(struct fixture *f, uint32_t a, uint32_t b);

/*
 * Distances from src over open passages, by the tests' own BFS, into
 * f->dist (UINT32_MAX where unreachable).
 */
void fixture_bfs(struct fixture *f, uint32_t src);

/* Whether a cell has a side on the outer wall (so can have an opening). */
int on_boundary(const struct maze_grid *g, uint32_t cell);

/* maze_generate() with an algorithm (NULL: the default), seed and weights. */
int generate(struct maze *m, const char *alg, uint64_t seed, uint32_t h,
             uint32_t v);

/*
 * Asserts that m is a perfect maze: only existing edges open, no open edge
 * closes a loop, and the open edges join every cell into one tree (so there
 * are exactly cells - 1 of them). Checked with the tests' own union-find.
 */
void check_perfect(const struct maze *m, const char *alg, uint64_t seed);

/* The share of passages in class c over the mazes of alg with weights b
 * and seeds 1 to seeds, on f's maze. */
double class_share(struct fixture *f, const char *alg,
                   const struct maze_bias *b, unsigned c, unsigned seeds);
/* The root of x in a union-find forest of parents (halving the path). */
uint32_t uf_find(uint32_t *parent, uint32_t x);
/* The 0.99 quantile of chi-square with df degrees of freedom
 * (Wilson-Hilferty; within 0.2% for df >= 10). */
double chi2_99(double df);
/* Asserts that m opens no two conflicting edges (zeta's crossing
 * diagonals); check_perfect() checks this too. */
void check_no_crossing(const struct maze *m, const char *alg, uint64_t seed);
/* Whether two mazes on grids of the same size have the same passages. */
bool same_passages(const struct maze *a, const struct maze *b);
/* FNV-1a over every cell's links, open or not, in neighbour order (the
 * tests pin mazes by it). */
uint64_t passages_hash(const struct maze *m);
/* Sets in open (zeroed by the caller, a bit for each of g's edge slots)
 * the passages of a maze carved on g by alg with seed and bias (NULL:
 * equal weights); the maze is destroyed, the grid kept. */
void carve_bits(struct maze_grid *g, const char *alg, uint64_t seed,
                const struct maze_bias *bias, uint64_t *open);
/* A w x h grid of kind (levels where the kind has them), or NULL for
 * sizes the kind does not take. */
struct maze_grid *kind_grid(const struct maze_grid_kind *kind, uint32_t w,
                            uint32_t h, uint32_t levels);

/*
 * A cmocka group teardown for tests that draw with cairo: drops cairo's
 * static caches (fonts of captions among them), so that a leak checker
 * sees only what the library itself leaks.
 */
int teardown_cairo(void **state);

/* Whether side `side` of cell is the start's or the finish's opening. */
bool is_opening(const struct maze *m, uint32_t cell, unsigned side);

/* Whether the bytes of b hold needle. */
bool membuf_holds(const struct membuf *b, const char *needle);

#endif
