/*
 * The difficulty presets. What makes a maze hard for a person: a long
 * solution, many places on it where a choice must be made, long dead-end
 * branches that take a while to rule out, and loops that defeat the
 * hand-on-wall rule. Each level picks the algorithm whose texture leans
 * that way and bands that keep only the mazes typical of the level; the
 * numbers come from --stats over many seeds (docs/algorithms.md).
 */
#include "cli/difficulty.h"

#include <string.h>

static const struct cli_difficulty levels[] = {
    {
        .name = "easy",
        .description = "short solution with few choices (kruskal; "
                       "solution under 15% of cells)",
        .algorithm = "kruskal",
        .solution_min = 0,
        .solution_max = 150,
        .dead_end_min = 0,
        .dead_end_max = 1000,
        .decision_min = 0,
        .decision_max = 1000,
    },
    {
        .name = "medium",
        .description = "mixed texture (growing-tree newest:50,random:50)",
        .algorithm = "growing-tree",
        .growing = "newest:50,random:50",
        .solution_min = 100,
        .solution_max = 400,
        .dead_end_min = 0,
        .dead_end_max = 1000,
        .decision_min = 0,
        .decision_max = 1000,
    },
    {
        .name = "hard",
        .description = "long winding solution with long false branches "
                       "(backtracker; solution over 25% of cells)",
        .algorithm = "backtracker",
        .solution_min = 250,
        .solution_max = 1000,
        .dead_end_min = 0,
        .dead_end_max = 1000,
        .decision_min = 0,
        .decision_max = 1000,
    },
    {
        .name = "expert",
        .description = "hard, plus loops that defeat wall-following "
                       "(backtracker, braid 0.3)",
        .algorithm = "backtracker",
        .braid = MAZE_FRACTION_ONE / 10 * 3,
        .braid_text = "0.3",
        .solution_min = 150,
        .solution_max = 1000,
        .dead_end_min = 0,
        .dead_end_max = 1000,
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

/* Whether part / whole, in thousandths, lies in [lo, hi]. */
static bool
in_band(uint64_t part, uint64_t whole, uint32_t lo, uint32_t hi)
{
    if (whole == 0) {
        return lo == 0;
    }
    uint64_t permille = part * 1000 / whole;
    return permille >= lo && permille <= hi;
}

bool
cli_difficulty_fits(const struct cli_difficulty *d,
                    const struct maze_metrics *m)
{
    return in_band(m->solution_cells, m->cells, d->solution_min,
                   d->solution_max) &&
           in_band(m->dead_ends, m->cells, d->dead_end_min, d->dead_end_max) &&
           in_band(m->decisions, m->solution_cells, d->decision_min,
                   d->decision_max);
}
