/* SPDX-License-Identifier: MIT */
/*
 * What the option module's files share: the paper a sheet defaults to is
 * read in paper.c, values in value.c, rows in table.c.
 */
#ifndef MAZE_OPTION_IMPL_H
#define MAZE_OPTION_IMPL_H

#include <stddef.h>

/* Appends the printf-style text to buf (used bytes *n of size), as far as
 * it fits; buf stays terminated. */
void maze__append(char *buf, size_t size, size_t *n, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#endif
