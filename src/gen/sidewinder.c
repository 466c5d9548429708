/* SPDX-License-Identifier: MIT */
/*
 * Sidewinder: the top row is one corridor; every later row is cut into
 * runs of cells joined east-west, and each run is closed by one passage
 * north from a uniformly chosen cell of it. Every run hangs from the rows
 * above by exactly one passage, so the maze is a tree, and from every cell
 * a path reaches the top row without ever stepping south.
 *
 * Bias: the weights act on the coin tossed after each cell of a run that is
 * not against the east wall: the run goes on east (a horizontal passage)
 * with probability h / (h + v), and is closed (one vertical passage)
 * otherwise. h = v is the textbook fair coin. With v = 0 every run reaches
 * the east wall, where it is closed anyway (the maze stays connected): each
 * row is one corridor with one way up. With h = 0 every run is one cell
 * and every cell below the top row opens north.
 *
 * Speed: the coins of a whole row are tossed 64 at a time (coins.h) and
 * are the row's east passages as they stand; the runs are then found a
 * word at a time by counting trailing zeros, and each costs one 32-bit
 * bounded draw (two per random word), so a row costs about one random
 * word per four cells.
 *
 * Streaming: row y's south passages are the ways north out of row y + 1's
 * runs, so the carver tosses one row ahead and keeps that row's east
 * passages, O(width).
 */
#include <stdlib.h>

#include "core/checked.h"
#include "core/rowbits.h"
#include "gen/coins.h"
#include "gen/gen.h"
#include <mazegen/status.h>

struct sidewinder {
    struct maze__coin east;
    struct maze__rand32 r32;
    /* East passages of the row below the one being handed out. */
    uint64_t *next;
};

static int
sw_begin(struct maze__rowgen *r)
{
    struct sidewinder *sw = calloc(1, sizeof(*sw));
    if (sw == NULL) {
        return MAZE_ERR_NOMEM;
    }
    sw->east = maze__coin_make(r->bias.weight[MAZE_CLASS_H],
                               r->bias.weight[MAZE_CLASS_V]);
    sw->next = maze__alloc_array(r->words, sizeof(uint64_t), true);
    if (sw->next == NULL) {
        free(sw);
        return MAZE_ERR_NOMEM;
    }
    r->state = sw;
    return MAZE_OK;
}

static void
sw_end(struct maze__rowgen *r)
{
    struct sidewinder *sw = r->state;
    free(sw->next);
    free(sw);
}

/*
 * Tosses row y + 1's east passages into sw->next and opens the way north
 * out of each of its runs in south (row y's south passages).
 */
static void
carve_below(struct maze__rowgen *r, struct sidewinder *sw)
{
    uint32_t w = r->width;
    size_t n = r->words;
    uint64_t run = 0; /* x of the current run's first cell */
    for (size_t i = 0; i < n; i++) {
        /* The east wall closes a run whatever the coin would say, which
         * is what keeps a zero vertical weight connected. */
        uint64_t e =
            maze__coin_word(&r->rng, &sw->east) & maze__row_mask(w - 1, i);
        sw->next[i] = e;
        r->south[i] = 0;
        /* Cells whose east side stays shut close their run. */
        uint64_t closers = ~e & maze__row_mask(w, i);
        while (closers != 0) {
            uint64_t x = 64 * (uint64_t)i + (uint64_t)__builtin_ctzll(closers);
            closers &= closers - 1;
            uint64_t up = run + maze__rand32_below(&r->rng, &sw->r32,
                                                   (uint32_t)(x - run + 1));
            r->south[up / 64] |= (uint64_t)1 << (up % 64);
            run = x + 1;
        }
    }
}

static void
sw_next(struct maze__rowgen *r)
{
    struct sidewinder *sw = r->state;
    uint32_t w = r->width;
    size_t n = r->words;
    for (size_t i = 0; i < n; i++) {
        /* Nothing to close a run into in the top row: it is one run. */
        r->east[i] = r->y == 0 ? maze__row_mask(w - 1, i) : sw->next[i];
    }
    if (r->y + 1 == r->height) {
        for (size_t i = 0; i < n; i++) {
            r->south[i] = 0;
        }
        return;
    }
    carve_below(r, sw);
}

static const struct maze__row_carver rows = {
    .begin = sw_begin,
    .next = sw_next,
    .end = sw_end,
};

static int
carve_sidewinder(struct maze__carve *ctx)
{
    return maze__carve_rows(ctx, &rows);
}

const struct maze__algorithm maze__gen_sidewinder = {
    .info =
        {
            .name = "sidewinder",
            .description = "sidewinder: runs along each row, each closed by "
                           "one passage north",
            .rect_only = true,
            .streamable = true,
            .perfect = true,
        },
    .carve = carve_sidewinder,
    .rows = &rows,
    .scratch = maze__rows_scratch,
};
