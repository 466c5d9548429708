/* SPDX-License-Identifier: MIT */
/*
 * Value parsers for the command line. Each checks its whole argument
 * (no sign, no spaces, no locale) and on failure prints the one-line usage
 * error naming the option and the accepted form.
 */
#ifndef MAZEGEN_CLI_VALUES_H
#define MAZEGEN_CLI_VALUES_H

#include <stdbool.h>
#include <stdint.h>

#include "cli/cli.h"

/* A whole unsigned decimal; false on any junk or overflow (no message). */
bool cli_parse_u64(const char *s, uint64_t *out);

/* A whole number in [lo, hi] for option `name`. */
bool cli_parse_ranged(const char *name, const char *arg, uint64_t lo,
                      uint64_t hi, uint64_t *out);

/* "X,Y" cell coordinates. */
bool cli_parse_point(const char *name, const char *arg, struct cli_point *out);

/* A length with an optional unit px, pt, mm or in. */
bool cli_parse_length(const char *name, const char *arg,
                      struct cli_length *out);

/* A length as cli_parse_length(), or a zero (in any unit): no margin,
 * MAZE_LENGTH_NONE. */
bool cli_parse_margin(const char *name, const char *arg,
                      struct cli_length *out);

/* One of a NULL-terminated list of names; *out is its index. */
bool cli_parse_name(const char *name, const char *arg,
                    const char *const *choices, int *out);

/* A size in bytes: a whole number with an optional K, M, G or T (powers
 * of 1024), at least 1 MiB. */
bool cli_parse_bytes(const char *name, const char *arg, uint64_t *out);

/* A decimal from 0 to 1 in MAZE_FRACTION_ONE units (no message). */
bool cli_parse_fraction(const char *s, uint32_t *out);

/* Inches in a length: px are pixels at dpi (96 for 1/96 in). */
double cli_length_in(struct maze_length len, unsigned dpi);

#endif
