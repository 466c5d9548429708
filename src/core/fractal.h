/* SPDX-License-Identifier: MIT */
/*
 * Fractal (nested) mazes as the drawing sees them: a rectangle of X^K x
 * Y^K cells whose nesting (struct maze__nesting, core/maze_impl.h) its
 * generator or loader recorded. The level of a lattice line is how many
 * block sizes divide its position, so walls of outer blocks can be drawn
 * heavier without the maze storing anything but its passages and three
 * numbers.
 */
#ifndef MAZE_CORE_FRACTAL_H
#define MAZE_CORE_FRACTAL_H

#include <stdbool.h>
#include <stdint.h>

#include <mazegen/maze.h>

/* The deepest nesting the library makes: 2^31 cells wide at X = 2. */
#define MAZE__FRACTAL_MAX 31u

/*
 * The fractal nesting of maze: *levels (K >= 2) and the block sides *x, *y
 * (width = x^K, height = y^K). false for an ordinary maze.
 */
bool maze__fractal_of(const struct maze *maze, unsigned *levels, uint32_t *x,
                      uint32_t *y);

/*
 * Records that maze nests levels deep in blocks of x by y cells, as its
 * maker checked them (levels 2 to MAZE__FRACTAL_MAX, a whole rectangle of
 * x^levels by y^levels); levels 0 records an ordinary maze.
 */
void maze__set_nesting(struct maze *maze, unsigned levels, uint32_t x,
                       uint32_t y);

/*
 * The level of lattice line i of a side n = b^levels cells long (b the
 * block side): levels for the outer lines 0 and n, else the most d <
 * levels with b^d dividing i (0 for a line inside the smallest blocks).
 */
unsigned maze__fractal_line(uint32_t i, uint32_t n, uint32_t b,
                            unsigned levels);

#endif
