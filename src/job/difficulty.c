/* SPDX-License-Identifier: MIT */
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
#include "job/difficulty.h"
#include "job/job_impl.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

static const struct maze__job_difficulty levels[] = {
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
maze__job_difficulty_count(void)
{
    return LEVEL_COUNT;
}

const struct maze__job_difficulty *
maze__job_difficulty_at(size_t index)
{
    return index < LEVEL_COUNT ? &levels[index] : NULL;
}

const char *
maze_difficulty_name(size_t index)
{
    return index < LEVEL_COUNT ? levels[index].name : NULL;
}

const char *
maze_difficulty_description(size_t index)
{
    return index < LEVEL_COUNT ? levels[index].description : NULL;
}

const struct maze__job_difficulty *
maze__job_difficulty_find(const char *name)
{
    for (size_t i = 0; i < LEVEL_COUNT; i++) {
        if (strcmp(levels[i].name, name) == 0) {
            return &levels[i];
        }
    }
    return NULL;
}

/* One target: its name, the field pair it narrows, and its scale: the
 * bands' units per unit typed (winding in hundredths; dead ends per
 * thousand cells, typed in %; decisions per thousand solution cells,
 * typed per 100). */
struct target {
    const char *name;
    size_t min, max; /* offsets of the band's fields */
    uint32_t scale;
};

static const struct target targets[] = {
    {"winding", offsetof(struct maze__job_difficulty, winding_min),
     offsetof(struct maze__job_difficulty, winding_max), 100},
    {"dead-ends", offsetof(struct maze__job_difficulty, dead_end_min),
     offsetof(struct maze__job_difficulty, dead_end_max), 10},
    {"decisions", offsetof(struct maze__job_difficulty, decision_min),
     offsetof(struct maze__job_difficulty, decision_max), 10},
};

/* A decimal with at most two places, times scale, into *out; advances
 * *p. At most 100000. */
static bool
parse_amount(const char **p, uint32_t scale, uint32_t *out)
{
    const char *s = *p;
    uint64_t whole = 0, frac = 0;
    int digits = 0, places = 0;
    while (*s >= '0' && *s <= '9' && whole <= 100000) {
        whole = whole * 10 + (uint64_t)(*s++ - '0');
        digits++;
    }
    if (*s == '.' && s[1] >= '0' && s[1] <= '9') {
        s++;
        while (*s >= '0' && *s <= '9' && places < 2) {
            frac = frac * 10 + (uint64_t)(*s++ - '0');
            places++;
        }
        if (*s >= '0' && *s <= '9') {
            return false; /* more than two places */
        }
    }
    if (digits == 0 || whole > 100000) {
        return false;
    }
    while (places < 2) {
        frac *= 10;
        places++;
    }
    /* In hundredths, then to the band's units (scale / 100 of them). */
    *out = (uint32_t)((whole * 100 + frac) * scale / 100);
    *p = s;
    return true;
}

/* One TARGET=MIN..MAX into d; false on a syntax error. */
static bool
parse_target(const char *t, size_t len, struct maze__job_difficulty *d)
{
    const struct target *tg = NULL;
    for (size_t i = 0; i < sizeof(targets) / sizeof(targets[0]); i++) {
        size_t n = strlen(targets[i].name);
        if (len > n && strncmp(t, targets[i].name, n) == 0 && t[n] == '=') {
            tg = &targets[i];
        }
    }
    if (tg == NULL) {
        return false;
    }
    const char *p = t + strlen(tg->name) + 1, *end = t + len;
    uint32_t lo = 0, hi = UINT32_MAX;
    bool any = false;
    if (p < end && *p != '.') {
        if (!parse_amount(&p, tg->scale, &lo)) {
            return false;
        }
        any = true;
    }
    if (end - p < 2 || p[0] != '.' || p[1] != '.') {
        return false;
    }
    p += 2;
    if (p < end) {
        if (!parse_amount(&p, tg->scale, &hi)) {
            return false;
        }
        any = true;
    }
    if (p != end || !any || lo > hi) {
        return false;
    }
    uint32_t *min = (uint32_t *)((char *)d + tg->min);
    uint32_t *max = (uint32_t *)((char *)d + tg->max);
    /* A target narrows the level's band (never widens it). */
    *min = lo > *min ? lo : *min;
    *max = hi < *max ? hi : *max;
    return *min <= *max;
}

const struct maze__job_difficulty *
maze__job_difficulty_parse(const char *arg)
{
    static struct maze__job_difficulty parsed;
    struct maze__job_difficulty *out = &parsed;
    size_t len = strcspn(arg, ",");
    const struct maze__job_difficulty *level = NULL;
    char name[16] = "";
    if (len < sizeof(name)) {
        memcpy(name, arg, len);
        name[len] = '\0';
        level = maze__job_difficulty_find(name);
    }
    static const struct maze__job_difficulty custom = {
        .name = "custom",
        .description = "the targets given",
        .winding_max = UINT32_MAX,
        .dead_end_max = 1000,
        .decision_max = 1000,
    };
    *out = level ? *level : custom;
    const char *p = level ? arg + len : arg;
    if (level == NULL && memchr(arg, '=', len) == NULL) {
        maze__job_usage_error(
            "--difficulty: unknown level '%.*s'; expected easy, "
            "medium, hard or expert, optionally followed by "
            "targets like ,winding=3..,dead-ends=..12",
            (int)len, arg);
        return NULL;
    }
    while (*p != '\0') {
        if (*p == ',') {
            p++;
        }
        size_t n = strcspn(p, ",");
        if (!parse_target(p, n, out)) {
            maze__job_usage_error(
                "--difficulty: target '%.*s' is not valid; "
                "expected winding=MIN..MAX (solution over the "
                "crossing), dead-ends=MIN..MAX (%% of cells) or "
                "decisions=MIN..MAX (per 100 solution cells), "
                "either side optional, at most two decimals, "
                "within the level's own band",
                (int)n, p);
            return NULL;
        }
        p += n;
    }
    return out;
}

/* Appends ", " (unless first) and a band's words to buf. */
static void
band_words(char *buf, size_t size, const char *what, uint32_t lo, uint32_t hi,
           uint32_t unbounded, uint32_t scale, const char *unit)
{
    size_t n = strlen(buf);
    if (lo == 0 && hi >= unbounded) {
        return;
    }
    const char *sep = n ? ", " : "";
    double l = (double)lo / scale, h = (double)hi / scale;
    if (lo == 0) {
        snprintf(buf + n, size - n, "%s%s at most %.2f%s", sep, what, h, unit);
    } else if (hi >= unbounded) {
        snprintf(buf + n, size - n, "%s%s at least %.2f%s", sep, what, l, unit);
    } else {
        snprintf(buf + n, size - n, "%s%s %.2f to %.2f%s", sep, what, l, h,
                 unit);
    }
}

void
maze__job_difficulty_bands(const struct maze__job_difficulty *d, char *buf,
                           size_t size)
{
    buf[0] = '\0';
    band_words(buf, size, "winding", d->winding_min, d->winding_max, UINT32_MAX,
               100, "");
    band_words(buf, size, "dead ends", d->dead_end_min, d->dead_end_max, 1000,
               10, "%");
    band_words(buf, size, "decisions", d->decision_min, d->decision_max, 1000,
               10, " per 100 solution cells");
    if (buf[0] == '\0') {
        snprintf(buf, size, "any maze");
    }
}

uint64_t
maze__job_difficulty_seed(uint64_t base, unsigned try)
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
maze__job_difficulty_fits(const struct maze__job_difficulty *d,
                          const struct maze_metrics *m)
{
    return in_band(m->solution_cells, m->crossing, 100, d->winding_min,
                   d->winding_max) &&
           in_band(m->dead_ends, m->cells, 1000, d->dead_end_min,
                   d->dead_end_max) &&
           in_band(m->decisions, m->solution_cells, 1000, d->decision_min,
                   d->decision_max);
}

void
maze__job_difficulty_command(const struct maze__job_difficulty *d,
                             const char *algorithm,
                             const struct maze_grid_kind *kind,
                             const struct maze_bias *bias, uint64_t seed,
                             char *buf, size_t size)
{
    char weights[128] = "";
    if (bias != NULL) {
        maze_bias_format(bias, kind, weights, sizeof(weights));
    }
    snprintf(buf, size, "-a %s%s%s%s%s%s%s -s %llu", algorithm,
             d->growing ? " --growing " : "", d->growing ? d->growing : "",
             d->braid ? " --braid " : "", d->braid ? d->braid_text : "",
             bias ? " -b " : "", weights, (unsigned long long)seed);
}
