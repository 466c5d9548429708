/* SPDX-License-Identifier: MIT */
/*
 * The binary-tree algorithm: every cell but the top-left one opens one
 * passage, west or north, so each cell's passage leads one step nearer the
 * top-left corner and the passages form a tree rooted there. Where only one
 * way exists it is taken: the top row opens west all along and the left
 * column north all along, which makes both of them unbroken corridors, the
 * algorithm's best known (and inescapable) texture.
 *
 * Bias: the weights act on the coin of a cell that could go either way: it
 * opens west (a horizontal passage) with probability h / (h + v) and north
 * otherwise, so h = v is the textbook fair coin, and a zero weight leaves
 * that direction only in the forced top row or left column.
 *
 * Speed: a cell decides with no memory at all, so a whole row of coins is
 * tossed 64 at a time (coins.h: one random word per 64 fair coins) and the
 * row's passages are two word operations per 64 cells: the coin word
 * shifted by one is the row's east passages, its complement the row
 * above's south passages.
 *
 * Streaming: row y's south passages are decided by row y + 1's coins, so
 * the carver tosses one row ahead and keeps that row of coins, O(width).
 */
#include <stdlib.h>

#include "core/checked.h"
#include "core/rowbits.h"
#include "gen/coins.h"
#include "gen/gen.h"
#include <mazegen/status.h>

struct binary_tree {
    struct maze__coin west;
    /* Coins of the row below the one being handed out: bit x set when
     * cell x opens west, clear when it opens north. */
    uint64_t *coins;
};

static int
bt_begin(struct maze__rowgen *r)
{
    struct binary_tree *bt = malloc(sizeof(*bt));
    if (bt == NULL) {
        return MAZE_ERR_NOMEM;
    }
    bt->west = maze__coin_make(r->bias.weight[MAZE_CLASS_H],
                               r->bias.weight[MAZE_CLASS_V]);
    bt->coins = maze__alloc_array(r->words, sizeof(uint64_t), true);
    if (bt->coins == NULL) {
        free(bt);
        return MAZE_ERR_NOMEM;
    }
    r->state = bt;
    return MAZE_OK;
}

static void
bt_end(struct maze__rowgen *r)
{
    struct binary_tree *bt = r->state;
    free(bt->coins);
    free(bt);
}

static void
bt_next(struct maze__rowgen *r)
{
    struct binary_tree *bt = r->state;
    uint32_t w = r->width;
    size_t n = r->words;
    /* East passages of row y: all but the last in the top row, else the
     * coins of row y (tossed on the previous call) moved one cell west,
     * since cell x + 1 opening west opens cell x's east side. */
    for (size_t i = 0; i < n; i++) {
        uint64_t e;
        if (r->y == 0) {
            e = ~(uint64_t)0;
        } else {
            uint64_t next = i + 1 < n ? bt->coins[i + 1] : 0;
            e = bt->coins[i] >> 1 | next << 63;
        }
        r->east[i] = e & maze__row_mask(w - 1, i);
    }
    if (r->y + 1 == r->height) {
        for (size_t i = 0; i < n; i++) {
            r->south[i] = 0;
        }
        return;
    }
    /* Row y + 1's coins: the left column has no west, so it goes north. */
    for (size_t i = 0; i < n; i++) {
        uint64_t c = maze__coin_word(&r->rng, &bt->west) & maze__row_mask(w, i);
        if (i == 0) {
            c &= ~(uint64_t)1;
        }
        bt->coins[i] = c;
        r->south[i] = ~c & maze__row_mask(w, i);
    }
}

static const struct maze__row_carver rows = {
    .begin = bt_begin,
    .next = bt_next,
    .end = bt_end,
};

static int
carve_binary_tree(struct maze__carve *ctx)
{
    return maze__carve_rows(ctx, &rows);
}

const struct maze__algorithm maze__gen_binary_tree = {
    .info =
        {
            .name = "binary-tree",
            .description = "binary tree: each cell opens north or west by a "
                           "biased coin; diagonal texture",
            .rect_only = true,
            .streamable = true,
            .perfect = true,
        },
    .carve = carve_binary_tree,
    .rows = &rows,
    .scratch = maze__rows_scratch,
};
