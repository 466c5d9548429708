/* SPDX-License-Identifier: MIT */
/*
 * The grid-kind registry: one line per kind. A kind is one file under
 * src/core/ defining `const struct maze__grid_kind maze__grid_NAME`;
 * adding X(NAME) below makes it available to the library, the command
 * line (--grid, -b, cell names), the loader and every exporter.
 */
#include "core/grid_impl.h"

/* clang-format off */
#define KINDS(X) \
    X(rect)      \
    X(hex)       \
    X(triangle)  \
    X(upsilon)   \
    X(theta)     \
    X(zeta)      \
    X(levels)    \
    X(weave)     \
    /* end */
/* clang-format on */

#define DECLARE(name) extern const struct maze__grid_kind maze__grid_##name;
KINDS(DECLARE)

#define ENTRY(name) &maze__grid_##name,
const struct maze__grid_kind *const maze__grid_kinds[] = {KINDS(ENTRY)};

const size_t maze__grid_kind_total =
    sizeof(maze__grid_kinds) / sizeof(maze__grid_kinds[0]);
