/* SPDX-License-Identifier: MIT */
/*
 * Puzzle sheets on the command line: the options that lay mazes out on
 * paper (--sheet, --paper, --count, --per-page, --title, --answers...),
 * the checks that tie them to the format and sizes, and the book itself:
 * which puzzles to make, with which seeds, and the sheet options for the
 * puzzle file and the answer-key file.
 */
#ifndef MAZEGEN_CLI_SHEETS_H
#define MAZEGEN_CLI_SHEETS_H

#include <stdbool.h>
#include <stdint.h>

#include "cli/cli.h"

/* The largest book, in puzzles. */
#define CLI_MAX_COUNT MAZE_OPTION_MAX_PUZZLES

/*
 * Does what sheet option o, read as v, asks; returns false after printing
 * a usage error, and also for an option that is not a sheet's (without
 * printing).
 */
bool cli_parse_sheet_option(const struct maze_option *o,
                            const struct maze_option_value *v,
                            struct cli_options *opt);

/*
 * Checks the sheet options against each other and the format (already
 * resolved), and fills the page with cells when -c is given without a
 * size. Prints the usage error and returns false on the first problem.
 */
bool cli_check_sheet(struct cli_options *opt);

/*
 * Checks that a maze of width x height grid units fits a slot of the sheet
 * at the requested cell size; prints the usage error naming the largest
 * cell that fits and returns false when not.
 */
bool cli_check_sheet_fit(const struct cli_options *opt, double width,
                         double height);

/*
 * The sheet options for the puzzle file (keys false) or for the separate
 * answer-key file (keys true), for mazes of kind (NULL: the kind the
 * options ask for; a loaded maze brings its own), whose default
 * instructions say what its marks and crossings mean.
 */
struct maze_sheet_options cli_sheet_options(const struct cli_options *opt,
                                            bool keys,
                                            const struct maze_grid_kind *kind);

/* The seed of puzzle `number` of the book (its number from 1). */
uint64_t cli_puzzle_seed(const struct cli_options *opt, unsigned number);

#endif
