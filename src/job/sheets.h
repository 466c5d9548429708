/* SPDX-License-Identifier: MIT */
/*
 * Puzzle sheets on the command line: the options that lay mazes out on
 * paper (--sheet, --paper, --count, --per-page, --title, --answers...),
 * the checks that tie them to the format and sizes, and the book itself:
 * which puzzles to make, with which seeds, and the sheet options for the
 * puzzle file and the answer-key file.
 */
#ifndef MAZE_JOB_SHEETS_H
#define MAZE_JOB_SHEETS_H

#include <stdbool.h>
#include <stdint.h>

#include "job/job_impl.h"

/* The largest book, in puzzles. */
#define JOB_MAX_COUNT MAZE_OPTION_MAX_PUZZLES

/*
 * Does what sheet option o, read as v, asks; returns false after printing
 * a usage error, and also for an option that is not a sheet's (without
 * printing).
 */
bool maze__job_parse_sheet_option(const struct maze_option *o,
                                  const struct maze_option_value *v,
                                  struct maze_job *opt);

/*
 * Checks the sheet options against each other and the format (already
 * resolved), and fills the page with cells when -c is given without a
 * size. Prints the usage error and returns false on the first problem.
 */
bool maze__job_check_sheet(struct maze_job *opt);

/*
 * Checks that a maze of width x height grid units fits a slot of the sheet
 * at the requested cell size; prints the usage error naming the largest
 * cell that fits and returns false when not.
 */
bool maze__job_check_sheet_fit(const struct maze_job *opt, double width,
                               double height);

/*
 * The sheet options for the puzzle file (keys false) or for the separate
 * answer-key file (keys true), for mazes of kind (NULL: the kind the
 * options ask for; a loaded maze brings its own), whose default
 * instructions say what its marks and crossings mean.
 */
struct maze_sheet_options
maze__job_sheet_options(const struct maze_job *opt, bool keys,
                        const struct maze_grid_kind *kind);

/* The export options a sheet is planned with: bare numbers in the
 * format's unit, and pixels of a PNG sheet at its dpi (so planned as a
 * PDF, it has the PNG's pages). */
struct maze_export_options
maze__job_sheet_export_options(const struct maze_job *opt);

/* The seed of puzzle `number` of the book (its number from 1). */
uint64_t maze__job_puzzle_seed(const struct maze_job *opt, unsigned number);

#endif
