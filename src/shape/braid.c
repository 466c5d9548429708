/* SPDX-License-Identifier: MIT */
/*
 * Braiding: removing dead ends by opening one wall of each, which gives the
 * maze loops. A dead end is a cell with exactly one open passage, counted
 * through the grid interface, so any grid kind can be braided.
 *
 * The dead ends are listed once and shuffled; each cell still a dead end
 * when its turn comes opens a wall, to a neighbour that is itself a dead
 * end when there is one (removing two at once), else to any closed
 * neighbour. Opening walls never makes a new dead end, so one pass is
 * enough. A dead end with no closed wall to a neighbour (the end of a
 * one-cell-wide corridor) cannot be removed: braid 1 removes every dead
 * end that has a wall to open.
 *
 * The count is exact: when a single dead end is left to remove, a pair
 * would overshoot, so that last one opens a wall to a cell that is not a
 * dead end, and dead ends that have only other dead ends behind their
 * walls are passed over. Only when none is left that can go alone does
 * the braid stop one short of the target.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/checked.h"
#include "core/grid_impl.h"
#include "core/maze_impl.h"
#include "core/rng.h"
#include <mazegen/shape.h>
#include <mazegen/status.h>

/* The number of open passages of a cell. */
static unsigned
degree(const struct maze *m, uint32_t cell)
{
    struct maze_link links[MAZE_GRID_MAX_DEGREE];
    unsigned n = maze__neighbors(m->grid, cell, links);
    unsigned d = 0;
    for (unsigned i = 0; i < n; i++) {
        d += maze__is_open(m, links[i].edge);
    }
    return d;
}

/*
 * Opens one closed wall of a dead end, preferring a neighbour that is a
 * dead end too when `pair` allows removing two at once. Returns how many
 * dead ends that removed: 0 (no wall it may open), 1 or 2.
 */
static unsigned
remove_dead_end(struct maze *m, struct maze_rng *rng, uint32_t cell, bool pair)
{
    struct maze_link links[MAZE_GRID_MAX_DEGREE];
    unsigned n = maze__neighbors(m->grid, cell, links);
    uint32_t alone[MAZE_GRID_MAX_DEGREE], dead[MAZE_GRID_MAX_DEGREE];
    unsigned n_alone = 0, n_dead = 0;
    for (unsigned i = 0; i < n; i++) {
        if (maze__is_open(m, links[i].edge) ||
            maze__edge_blocked(m, links[i].edge)) {
            continue;
        }
        if (degree(m, links[i].cell) == 1) {
            dead[n_dead++] = links[i].edge;
        } else {
            alone[n_alone++] = links[i].edge;
        }
    }
    if (pair && n_dead > 0) {
        maze__open(m, dead[maze__rng_below32(rng, n_dead)]);
        return 2;
    }
    if (n_alone > 0) {
        maze__open(m, alone[maze__rng_below32(rng, n_alone)]);
        return 1;
    }
    return 0;
}

/* Appends " braid=P" (P the fraction as a short exact decimal). */
static void
record(struct maze *m, uint32_t fraction, bool opened)
{
    char frac[16];
    if (fraction == MAZE_FRACTION_ONE) {
        snprintf(frac, sizeof(frac), "1");
    } else {
        /* "0.500000" without its trailing zeros; "0" for zero. */
        snprintf(frac, sizeof(frac), "0.%06u", (unsigned)fraction);
        size_t len = strlen(frac);
        while (len > 2 && frac[len - 1] == '0') { /* "0." stays */
            frac[--len] = '\0';
        }
        if (frac[len - 1] == '.') {
            frac[len - 1] = '\0';
        }
    }
    struct maze_provenance p = *maze_provenance(m);
    char token[24];
    snprintf(token, sizeof(token), "braid=%s", frac);
    maze__provenance_append(&p, token);
    if (opened) {
        p.perfect = false;
    }
    maze_set_provenance(m, &p);
}

int
maze_braid(struct maze *maze, uint32_t fraction, uint64_t seed)
{
    if (maze == NULL) {
        return MAZE_ERR_INVALID;
    }
    if (fraction > MAZE_FRACTION_ONE) {
        return MAZE_ERR_RANGE;
    }
    const struct maze_grid *g = maze->grid;
    uint32_t count = 0;
    for (uint32_t c = 0; c < g->cells; c++) {
        count += degree(maze, c) == 1;
    }
    uint32_t *dead = maze__alloc_array(count, sizeof(uint32_t), false);
    if (dead == NULL) {
        return MAZE_ERR_NOMEM;
    }
    uint32_t k = 0;
    for (uint32_t c = 0; c < g->cells; c++) {
        if (degree(maze, c) == 1) {
            dead[k++] = c;
        }
    }

    struct maze_rng rng;
    maze_rng_seed(&rng, seed);
    for (uint32_t i = count; i > 1; i--) {
        uint32_t j = maze__rng_below32(&rng, i);
        uint32_t t = dead[i - 1];
        dead[i - 1] = dead[j];
        dead[j] = t;
    }
    /* count * fraction < 2^31 * 2^20: no overflow. */
    uint64_t target = (uint64_t)count * fraction / MAZE_FRACTION_ONE;
    uint64_t removed = 0;
    bool opened = false;
    for (uint32_t i = 0; i < count && removed < target; i++) {
        /* An earlier removal may have taken this one as its partner. */
        if (degree(maze, dead[i]) != 1) {
            continue;
        }
        unsigned r = remove_dead_end(maze, &rng, dead[i], target - removed > 1);
        removed += r;
        opened = opened || r > 0;
    }
    free(dead);
    if (opened) {
        maze->tree = false;
    }
    record(maze, fraction, opened);
    return MAZE_OK;
}
