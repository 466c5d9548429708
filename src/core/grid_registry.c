/* SPDX-License-Identifier: MIT */
/*
 * The grid-kind registry: one line per kind, and its lookups. A kind is
 * one file under src/core/ defining `const struct maze__grid_kind
 * maze__grid_NAME`; adding X(NAME) below makes it available to the
 * library, the command line (--grid, -b, cell names), the loader and
 * every exporter.
 *
 * The three registries (kinds here, algorithms in src/gen/registry.c,
 * formats in src/export/registry.c) share one shape: an X(NAME) list
 * that declares the entries and fills a private table; count, at and
 * find (by name, then by alias or extension) in the public API; and
 * maze__T_find() giving the private entry by name (and, where callers
 * need it, maze__T_entry() by its public part, maze__T_lookup() with an
 * error detail naming the known ones).
 */
#include <string.h>

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
static const struct maze__grid_kind *const kinds[] = {KINDS(ENTRY)};

#define KIND_COUNT (sizeof(kinds) / sizeof(kinds[0]))

size_t
maze_grid_kind_count(void)
{
    return KIND_COUNT;
}

const struct maze_grid_kind *
maze_grid_kind_at(size_t index)
{
    return index < KIND_COUNT ? &kinds[index]->info : NULL;
}

const struct maze__grid_kind *
maze__grid_kind_find(const char *name)
{
    for (size_t i = 0; i < KIND_COUNT; i++) {
        if (strcmp(kinds[i]->info.name, name) == 0) {
            return kinds[i];
        }
    }
    for (size_t i = 0; i < KIND_COUNT; i++) {
        const char *const *a = kinds[i]->info.aliases;
        for (size_t j = 0; j < 4 && a[j] != NULL; j++) {
            if (strcmp(a[j], name) == 0) {
                return kinds[i];
            }
        }
    }
    return NULL;
}

const struct maze_grid_kind *
maze_grid_kind_find(const char *name)
{
    const struct maze__grid_kind *k = name ? maze__grid_kind_find(name) : NULL;
    return k ? &k->info : NULL;
}

const struct maze__grid_kind *
maze__grid_kind_entry(const struct maze_grid_kind *kind)
{
    for (size_t i = 0; i < KIND_COUNT; i++) {
        if (&kinds[i]->info == kind) {
            return kinds[i];
        }
    }
    return NULL;
}
