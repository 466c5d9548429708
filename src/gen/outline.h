/* SPDX-License-Identifier: MIT */
/*
 * The outer outline of a flat grid (outline.c): where the default ends
 * may open, and how far apart two openings are along it.
 */
#ifndef MAZE_GEN_OUTLINE_H
#define MAZE_GEN_OUTLINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mazegen/grid.h>

/* Two default openings are at least this share of the outer outline
 * apart along it (a quarter: on a square, more than one side's length). */
#define MAZE__OUTLINE_APART 0.25

/* A boundary side on the outer outline. */
struct maze__outline_side {
    uint32_t cell;
    /* Its index among the cell's sides (maze_grid_cell_sides()). */
    unsigned side;
    /* The edge of the picture it lies on: the side of the outline's
     * bounding box nearest its middle, MAZE__SIDE_*. */
    unsigned edge;
    /* Its middle's distance along the outline from the outline's start. */
    double pos;
    /* How well it suits a start (west, then north) and a finish. */
    double start_score, finish_score;
};

struct maze__outline_slot {
    uint32_t cell; /* UINT32_MAX: empty */
    uint32_t first;
};

struct maze__outline {
    /* The outline's length, in grid units. */
    double length;
    /* Its sides, by cell and then side index. */
    struct maze__outline_side *sides;
    size_t count;
    /* Each outline cell's first side, hashed by cell (open addressing,
     * mask + 1 slots, a power of two at least twice the sides): finding
     * a cell costs a probe or two, so a search may ask of every cell
     * whether it is on the outline. */
    struct maze__outline_slot *slots;
    uint32_t mask;
    /* Eight bits a slot, one set at each outline cell's hash: most
     * cells are not on the outline, and one look at this (small enough
     * to stay in the nearest cache) mostly says so. */
    uint64_t *filter;
    uint32_t filter_mask;
};

/* Builds g's outer outline. MAZE_OK, MAZE_ERR_NOMEM, or
 * MAZE_ERR_UNSUPPORTED for a grid with curved boundary sides. */
int maze__outline_build(const struct maze_grid *g, struct maze__outline *out);
void maze__outline_finish(struct maze__outline *o);
/* The index of cell's first outline side, their number in *n (0: none). */
size_t maze__outline_find(const struct maze__outline *o, uint32_t cell,
                          size_t *n);
/* Whether openings at a and b are far enough apart: on different edges
 * of the picture and MAZE__OUTLINE_APART of the outline apart along it. */
bool maze__outline_apart(const struct maze__outline *o,
                         const struct maze__outline_side *a,
                         const struct maze__outline_side *b);

/* Where the default ends' exact search (endpoints.c) reads the distances
 * of a maze that is a tree: false (the default) from the small tree of
 * the outline's cells, true from a breadth-first search of the whole maze
 * from each of them, as on a maze with loops. The same pair either way;
 * the tests compare the two. */
extern bool maze__endpoints_by_search;

#endif
