/* SPDX-License-Identifier: MIT */
/*
 * The checks of a wall-graph document that need the filled maze
 * (checks.c).
 */
#ifndef MAZE_LOAD_CHECKS_H
#define MAZE_LOAD_CHECKS_H

#include <stdbool.h>

#include "load/loader.h"

/* With provenance.perfect true: the passages form a spanning tree. */
bool maze__load_check_perfect(struct maze__loader *l);

/* The solution, when present: a path from start to finish. */
bool maze__load_check_solution(struct maze__loader *l);

#endif
