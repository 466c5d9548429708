/* SPDX-License-Identifier: MIT */
/*
 * The grid of a run: --grid (a kind from the library's registry), its
 * size, --mask, and what depends on the kind: the names -b weighs, the
 * cells --start and --finish name, and which algorithms and formats can
 * draw it. Everything is checked, and a mask read, before any maze is
 * made.
 */
#ifndef MAZE_JOB_GRID_H
#define MAZE_JOB_GRID_H

#include <stdbool.h>

#include "job/job_impl.h"

/* The largest --mask read, from a file or given as data (a text picture
 * of the largest mask, 4096 x 4096 cells, fits; so does any PNG of one). */
#define JOB_MASK_MAX_BYTES ((size_t)64 << 20)

/*
 * Reads --mask, checks the size against the kind, reads -b against the
 * kind's classes, and checks --start, --finish and the algorithm against
 * the grid; prints the usage error and returns false on the first
 * problem. A run with --load is left alone (the file holds the grid).
 */
bool maze__job_check_grid(struct maze_job *opt);

/*
 * Keeps text, which maze_option_parse() refused for o, when o sets a size
 * of the grid (-W, -H, -L, --panels, --centre): the limits that apply are
 * the kind's, known only once every option is set, and the check of the
 * grid names them. False when o sets no size (the refusal stands).
 */
bool maze__job_size_refused(struct maze_job *opt, const struct maze_option *o,
                            const char *text);

/* Whether the run's grid is a whole rectangle (no other kind, no mask). */
bool maze__job_whole_rect(const struct maze_job *opt);

/* The run's kind (rect without --grid) and grid parameters (sizes, the
 * centre room, the mask), as maze__job_grid_create() uses them. */
const struct maze_grid_kind *maze__job_grid_kind(const struct maze_job *opt);
struct maze_grid_params maze__job_grid_params(const struct maze_job *opt);

/* The run's grid; a maze_grid_create() status. */
int maze__job_grid_create(const struct maze_job *opt, struct maze_grid **out);

/*
 * The cell p names on g into *cell; false after printing the usage error
 * (name is the option, "--start" or "--finish"; what describes the maze,
 * e.g. "the loaded 20x15 maze").
 */
bool maze__job_grid_cell(const struct maze_grid *g,
                         const struct maze__job_point *p, const char *name,
                         uint32_t *cell);

#endif
