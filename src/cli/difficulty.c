/*
 * The difficulty presets. What makes a maze hard for a person: a long,
 * winding solution; few dead ends, each a long branch that takes a while
 * to rule out; and loops, which leave no dead end to fill in and put more
 * choices on the way. Each level picks the algorithm whose texture leans
 * that way, and bands that keep the mazes typical of the level and drop
 * its outliers (an easy maze whose solution happens to wind, a hard one
 * whose solution happens to be short).
 *
 * The bands use measures that do not drift with the size of the maze, so
 * one level means the same from 10 x 10 to 100 x 100: the dead-end share,
 * and the winding of the solution, its length over width + height - 1
 * (the shortest crossing). Solution length as a share of the cells would
 * not do: it falls as mazes grow (kruskal's from 35% at 10 x 10 to 7% at
 * 80 x 80), so a fixed band would fit small mazes or large ones, never
 * both. The figures behind every band are in docs/algorithms.md.
 */
#include "cli/difficulty.h"
#include "cli/stats.h"

#include <stdio.h>
#include <string.h>

static const struct cli_difficulty levels[] = {
    {
        .name = "easy",
        .description = "many short dead ends and a direct solution "
                       "(kruskal; winding at most 2.5)",
        .algorithm = "kruskal",
        .winding_min = 0,
        .winding_max = 250,
        .dead_end_min = 250,
        .dead_end_max = 1000,
        .decision_min = 0,
        .decision_max = 1000,
    },
    {
        .name = "medium",
        .description = "longer corridors, fewer dead ends (growing-tree "
                       "newest:75,random:25; winding 2.5 to 5)",
        .algorithm = "growing-tree",
        .growing = "newest:75,random:25",
        .winding_min = 250,
        .winding_max = 500,
        .dead_end_min = 120,
        .dead_end_max = 230,
        .decision_min = 0,
        .decision_max = 1000,
    },
    {
        .name = "hard",
        .description = "a long winding solution, few but long dead ends "
                       "(backtracker; winding 3 or more)",
        .algorithm = "backtracker",
        .winding_min = 300,
        .winding_max = UINT32_MAX,
        .dead_end_min = 0,
        .dead_end_max = 140,
        .decision_min = 0,
        .decision_max = 1000,
    },
    {
        .name = "expert",
        .description = "hard with loops, no dead end to fill in "
                       "(backtracker, braid 0.2; winding 3 or more)",
        .algorithm = "backtracker",
        .braid = MAZE_FRACTION_ONE / 5,
        .braid_text = "0.2",
        .winding_min = 300,
        .winding_max = UINT32_MAX,
        .dead_end_min = 0,
        .dead_end_max = 110,
        .decision_min = 0,
        .decision_max = 1000,
    },
};

#define LEVEL_COUNT (sizeof(levels) / sizeof(levels[0]))

size_t
cli_difficulty_count(void)
{
    return LEVEL_COUNT;
}

const struct cli_difficulty *
cli_difficulty_at(size_t index)
{
    return index < LEVEL_COUNT ? &levels[index] : NULL;
}

const struct cli_difficulty *
cli_difficulty_find(const char *name)
{
    for (size_t i = 0; i < LEVEL_COUNT; i++) {
        if (strcmp(levels[i].name, name) == 0) {
            return &levels[i];
        }
    }
    return NULL;
}

uint64_t
cli_difficulty_seed(uint64_t base, unsigned try)
{
    /* The first try is the seed as given, so a lucky seed is kept as is. */
    return try == 0 ? base : maze_seed_derive(base, try);
}

/* Whether part * scale / whole lies in [lo, hi]; integers only. */
static bool
in_band(uint64_t part, uint64_t whole, uint64_t scale, uint32_t lo, uint32_t hi)
{
    if (whole == 0) {
        return lo == 0;
    }
    /* part <= 2^31 and scale <= 1000: no overflow. */
    uint64_t value = part * scale / whole;
    return value >= lo && value <= hi;
}

bool
cli_difficulty_fits(const struct cli_difficulty *d, const struct maze *maze,
                    const struct maze_metrics *m)
{
    return in_band(m->solution_cells, cli_crossing(maze), 100, d->winding_min,
                   d->winding_max) &&
           in_band(m->dead_ends, m->cells, 1000, d->dead_end_min,
                   d->dead_end_max) &&
           in_band(m->decisions, m->solution_cells, 1000, d->decision_min,
                   d->decision_max);
}

void
cli_difficulty_command(const struct cli_difficulty *d,
                       const struct maze_grid_kind *kind,
                       const struct maze_bias *bias, uint64_t seed, char *buf,
                       size_t size)
{
    char weights[128] = "";
    if (bias != NULL) {
        maze_bias_format(bias, kind, weights, sizeof(weights));
    }
    snprintf(buf, size, "-a %s%s%s%s%s%s%s -s %llu", d->algorithm,
             d->growing ? " --growing " : "", d->growing ? d->growing : "",
             d->braid ? " --braid " : "", d->braid ? d->braid_text : "",
             bias ? " -b " : "", weights, (unsigned long long)seed);
}
