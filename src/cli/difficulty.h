/*
 * Difficulty presets: an algorithm with its parameters, and bands on the
 * metrics that a maze of that level must fall in. The command tries seeds
 * derived from the base seed until one fits (or gives up after a bound)
 * and reports the seed it kept, so the maze can be regenerated without
 * --difficulty.
 */
#ifndef MAZEGEN_CLI_DIFFICULTY_H
#define MAZEGEN_CLI_DIFFICULTY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mazegen/mazegen.h>

struct cli_difficulty {
    const char *name;
    const char *description;
    const char *algorithm;
    const char *growing;    /* growing-tree policy, or NULL */
    uint32_t braid;         /* MAZE_FRACTION_ONE units; 0 for none */
    const char *braid_text; /* the same as typed for --braid */
    /* Bands in thousandths: solution cells / cells, dead ends / cells,
     * decision points / solution cells. */
    uint32_t solution_min, solution_max;
    uint32_t dead_end_min, dead_end_max;
    uint32_t decision_min, decision_max;
};

/* How many derived seeds a level tries before giving up. */
#define CLI_DIFFICULTY_TRIES 200

size_t cli_difficulty_count(void);
const struct cli_difficulty *cli_difficulty_at(size_t index);
const struct cli_difficulty *cli_difficulty_find(const char *name);

/* Whether the metrics fall in every band of the level. */
bool cli_difficulty_fits(const struct cli_difficulty *d,
                         const struct maze_metrics *m);

#endif
