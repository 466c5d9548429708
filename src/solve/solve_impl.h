/*
 * The solver's inside, for the rest of the library: the endpoint search
 * with progress reports, which maze_generate() runs on every maze.
 */
#ifndef MAZE_SOLVE_SOLVE_IMPL_H
#define MAZE_SOLVE_SOLVE_IMPL_H

#include <mazegen/progress.h>
#include <mazegen/solve.h>

/* maze_boundary_path_ends(), reporting "finding endpoints" to progress
 * (which may be NULL) as it goes. */
int maze__boundary_path_ends(const struct maze *maze,
                             const struct maze_progress *progress, uint32_t *a,
                             uint32_t *b);

/* The boundary cell farthest from `from` through open passages (the
 * first found, of those as far), by one breadth-first search. */
int maze__farthest_boundary(const struct maze *maze, uint32_t from,
                            const struct maze_progress *progress,
                            uint32_t *out);

#endif
