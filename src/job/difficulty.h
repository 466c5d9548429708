/* SPDX-License-Identifier: MIT */
/*
 * Difficulty presets: an algorithm with its parameters, and bands on the
 * metrics that a maze of that level must fall in. The command tries seeds
 * derived from the base seed until one fits (or gives up after a bound)
 * and reports the seed it kept with the options that regenerate the maze
 * without --difficulty. docs/algorithms.md says why each band is where it
 * is, with the figures it comes from.
 */
#ifndef MAZE_JOB_DIFFICULTY_H
#define MAZE_JOB_DIFFICULTY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mazegen/mazegen.h>

struct maze__job_difficulty {
    /* A level's name, or "custom" for targets alone. */
    const char *name;
    const char *description;
    /* The algorithm; NULL: the one -a names (targets alone). */
    const char *algorithm;
    const char *growing;    /* growing-tree policy, or NULL */
    uint32_t braid;         /* MAZE_FRACTION_ONE units; 0 for none */
    const char *braid_text; /* the same as typed for --braid */
    /*
     * Bands, each inclusive. Winding: solution cells per cell of the
     * shortest possible crossing, width + height - 1, in hundredths
     * (size-fair: a straight corridor is 100 at every size). Dead ends
     * and decision points: per thousand cells, and per thousand solution
     * cells.
     */
    uint32_t winding_min, winding_max;
    uint32_t dead_end_min, dead_end_max;
    uint32_t decision_min, decision_max;
};

/* How many derived seeds a level tries before giving up. */
#define JOB_DIFFICULTY_TRIES 200

size_t maze__job_difficulty_count(void);
const struct maze__job_difficulty *maze__job_difficulty_at(size_t index);
const struct maze__job_difficulty *maze__job_difficulty_find(const char *name);

/*
 * Reads --difficulty: a level ("hard"), a level narrowed by targets
 * ("hard,winding=4..,dead-ends=..8"), or targets alone for the algorithm
 * of -a ("winding=3..5"). Targets: winding (solution cells over width +
 * height - 1), dead-ends (% of cells), decisions (per 100 solution
 * cells), each MIN..MAX with either side left out, decimals with at most
 * two places. Returns the level (kept until the next call), or NULL after
 * printing the usage error.
 */
const struct maze__job_difficulty *maze__job_difficulty_parse(const char *arg);

/* The level's bands as words, e.g. "winding at least 3, dead ends at most
 * 14%", for messages. */
void maze__job_difficulty_bands(const struct maze__job_difficulty *d, char *buf,
                                size_t size);

/* The seed of try number `try` (from 0) of a level from the base seed. */
uint64_t maze__job_difficulty_seed(uint64_t base, unsigned try);

/* Whether the metrics m fall in every band of the level. */
bool maze__job_difficulty_fits(const struct maze__job_difficulty *d,
                               const struct maze_metrics *m);

/*
 * Writes the options that make the same maze without --difficulty into
 * buf: "-a backtracker --braid 0.2 -b h=3,v=1 -s 42" (algorithm is the
 * one carved with; the bias, in the class names of kind, only when bias
 * is not NULL).
 */
void maze__job_difficulty_command(const struct maze__job_difficulty *d,
                                  const char *algorithm,
                                  const struct maze_grid_kind *kind,
                                  const struct maze_bias *bias, uint64_t seed,
                                  char *buf, size_t size);

#endif
