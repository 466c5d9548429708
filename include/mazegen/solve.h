/* SPDX-License-Identifier: MIT */
/*
 * Solving: shortest paths between cells and the endpoints of the longest
 * path, over open passages. Mazes with loops (braid mazes) are handled:
 * the path found is a shortest one, and ties go as a breadth-first
 * search would break them. Memory while a search runs, beside the path
 * it returns: on a perfect maze (a tree) a byte per step of the longest
 * path from where it starts, at most a byte a cell; on a maze with loops
 * two bits a cell and four bytes per cell of the widest breadth-first
 * frontier, at most 4.25 bytes a cell.
 */
#ifndef MAZEGEN_SOLVE_H
#define MAZEGEN_SOLVE_H

#include <stddef.h>
#include <stdint.h>

#include <mazegen/maze.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A path: cells in order, each joined to the next by an open passage. */
struct maze_path {
    uint32_t *cells;
    size_t length;
};

/*
 * Finds a shortest path from start to finish of the maze into *out, which
 * the caller frees with maze_path_destroy().
 * Errors: MAZE_ERR_INVALID (NULL), MAZE_ERR_RANGE (finish unreachable),
 * MAZE_ERR_NOMEM.
 */
int maze_solve(const struct maze *maze, struct maze_path **out);

/* As maze_solve() between any two cells. */
int maze_solve_between(const struct maze *maze, uint32_t from, uint32_t to,
                       struct maze_path **out);

/* Frees a path; NULL is accepted. */
void maze_path_destroy(struct maze_path *path);

/*
 * Two cells far apart: the farthest cell from cell 0, and the farthest
 * from that one. In a perfect maze these are the ends of a longest path.
 * Errors: MAZE_ERR_INVALID (NULL), MAZE_ERR_NOMEM.
 */
int maze_longest_path_ends(const struct maze *maze, uint32_t *a, uint32_t *b);

/*
 * The two cells on the outer boundary that lie farthest apart along the
 * maze's passages: in a perfect maze, the ends of the longest path that can
 * enter and leave through openings in the outer wall. maze_generate() puts
 * start and finish there (the one nearer the top-left as start).
 * Errors: MAZE_ERR_INVALID (NULL), MAZE_ERR_NOMEM.
 */
int maze_boundary_path_ends(const struct maze *maze, uint32_t *a, uint32_t *b);

/*
 * The cell on the outer boundary farthest from cell `from` along the
 * maze's passages (from itself when no boundary cell is reached).
 * Errors: MAZE_ERR_INVALID (NULL), MAZE_ERR_RANGE (from off the grid),
 * MAZE_ERR_NOMEM.
 */
int maze_farthest_boundary(const struct maze *maze, uint32_t from,
                           uint32_t *out);

#ifdef __cplusplus
}
#endif

#endif
