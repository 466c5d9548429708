/* SPDX-License-Identifier: MIT */
/*
 * Eller's algorithm: the maze is built one row at a time, remembering only
 * which cells of the current row are already connected (through the rows
 * above) as sets. In each row, neighbours in different sets may be joined
 * east-west (never neighbours in the same set: that would close a loop);
 * then every set opens at least one passage south, so no set is left cut
 * off, and the cells below those passages inherit their sets while every
 * other cell of the next row starts a set of its own. The last row joins
 * every pair of neighbours still in different sets, which leaves one set:
 * a perfect maze.
 *
 * Bias: the weights act on both of the row's coins. Neighbours in different
 * sets are joined (a horizontal passage) with probability h / (h + v).
 * Each cell opens south (a vertical passage) with probability v / (h + v);
 * a set whose coins all say no sends one uniformly chosen cell south
 * instead (so a set of one cell always goes south). With v = 0 every row
 * becomes one corridor with one way down, from a uniformly chosen cell;
 * with h = 0 every column is a corridor and only the last row runs across.
 * h = v gives the usual fair coins.
 *
 * Sets as circular lists: the cells that are connected above a row never
 * interleave (if a < b < c < d with a and c connected, b and d connected,
 * the two paths would cross), so each set is kept as a circular list of
 * its cells in west-to-east order (L and R: the previous and next cell of
 * the set, wrapping around). Two neighbours x and x + 1 are in the same
 * set exactly when R[x] == x + 1, joining their sets is four stores (the
 * lists splice into one ordered list, because one set lies between two
 * consecutive cells of the other), and a cell that does not go south
 * leaves its list in two. Every step is O(1): no union-find, no labels,
 * no sorting, about 9 bytes per column.
 *
 * Coins are tossed 64 at a time (coins.h). Memory is O(width) besides the
 * maze, and each row is finished as soon as it is carved, so the carver
 * streams with no lag.
 */
#include <stdlib.h>

#include "core/checked.h"
#include "core/rowbits.h"
#include "gen/coins.h"
#include "gen/gen.h"
#include <mazegen/status.h>

struct eller {
    struct maze__coin join, down;
    struct maze__rand32 r32;
    /* The set's previous and next cell, circularly, west to east. */
    uint32_t *left, *right;
    /* Per cell: whether a cell of its set west of it (or itself) went
     * south; a spare entry at index width takes the flags of last cells. */
    uint8_t *flag;
};

static int
eller_begin(struct maze__rowgen *r)
{
    struct eller *e = calloc(1, sizeof(*e));
    if (e == NULL) {
        return MAZE_ERR_NOMEM;
    }
    uint32_t w = r->width;
    e->join = maze__coin_make(r->bias.weight[MAZE_CLASS_H],
                              r->bias.weight[MAZE_CLASS_V]);
    e->down = maze__coin_make(r->bias.weight[MAZE_CLASS_V],
                              r->bias.weight[MAZE_CLASS_H]);
    e->left = maze__alloc_array(w, sizeof(uint32_t), false);
    e->right = maze__alloc_array(w, sizeof(uint32_t), false);
    e->flag = maze__alloc_array((size_t)w + 1, 1, true);
    if (e->left == NULL || e->right == NULL || e->flag == NULL) {
        free(e->left);
        free(e->right);
        free(e->flag);
        free(e);
        return MAZE_ERR_NOMEM;
    }
    /* The first row: every cell a set of its own. */
    for (uint32_t x = 0; x < w; x++) {
        e->left[x] = e->right[x] = x;
    }
    r->state = e;
    return MAZE_OK;
}

static void
eller_end(struct maze__rowgen *r)
{
    struct eller *e = r->state;
    free(e->left);
    free(e->right);
    free(e->flag);
    free(e);
}

/*
 * Joins the sets of x and x + 1 into one ordered list. When they are one
 * set already, R[x] is x + 1 and L[x + 1] is x, and the four stores write
 * back what is there: so no branch is needed on whether they differ.
 */
static inline void
splice(struct eller *e, uint32_t x)
{
    uint32_t *L = e->left, *R = e->right;
    uint32_t a = R[x], b = L[x + 1];
    L[a] = b;
    R[b] = a;
    R[x] = x + 1;
    L[x + 1] = x;
}

/* Joins neighbours of different sets where the coins say so (always in
 * the last row), opening their east passages. */
static void
join_across(struct maze__rowgen *r, struct eller *e, bool last)
{
    uint32_t w = r->width;
    const uint32_t *R = e->right;
    for (size_t i = 0; i < r->words; i++) {
        uint64_t coins =
            last ? ~(uint64_t)0 : maze__coin_word(&r->rng, &e->join);
        coins &= maze__row_mask((uint64_t)w - 1, i);
        uint64_t east = 0;
        while (coins != 0) {
            unsigned b = (unsigned)__builtin_ctzll(coins);
            coins &= coins - 1;
            uint32_t x = (uint32_t)(64 * i + b);
            east |= (uint64_t)(R[x] != x + 1) << b;
            splice(e, x);
        }
        r->east[i] = east;
    }
}

/*
 * The set (of two cells or more) whose easternmost cell is x had no cell
 * going south: one uniformly chosen cell of it goes.
 */
static void
rescue_set(struct maze__rowgen *r, struct eller *e, uint32_t x)
{
    const uint32_t *L = e->left;
    uint32_t size = 1;
    for (uint32_t k = L[x]; k != x; k = L[k]) {
        size++;
    }
    uint32_t pick = maze__rand32_below(&r->rng, &e->r32, size);
    uint32_t c = x;
    while (pick-- > 0) {
        c = L[c];
    }
    r->south[c / 64] |= (uint64_t)1 << (c % 64);
}

/*
 * Tosses the passages south and makes sure each set has one: a flag
 * travels east along each set's list (L and R lead only to cells of the
 * same set) saying whether any cell so far went south; the easternmost
 * cell of a set sees the whole set's answer. A set of one cell goes south
 * whatever its coin said. The loop has no branch but the rare rescue: the
 * flag of a set's last cell, or of a cell whose successor is its
 * neighbour, is written to a spare entry.
 */
static void
open_down(struct maze__rowgen *r, struct eller *e)
{
    uint32_t w = r->width;
    const uint32_t *L = e->left, *R = e->right;
    uint8_t *flag = e->flag;
    unsigned carry = 0;
    for (size_t i = 0; i < r->words; i++) {
        uint64_t coins = maze__coin_word(&r->rng, &e->down);
        uint64_t south = 0;
        uint32_t x0 = (uint32_t)(64 * i);
        uint32_t n = w - x0 < 64 ? w - x0 : 64;
        for (uint32_t b = 0; b < n; b++) {
            uint32_t x = x0 + b, lx = L[x], rx = R[x];
            unsigned down = (unsigned)(coins >> b) & 1u;
            down |= lx == x; /* alone: always */
            /* From the set's previous cell: in a register when that is
             * the neighbour (the usual case; through memory the load
             * would wait on the store just made), else from memory; and
             * nothing for the set's first cell. Selected by masks: a
             * compiler may turn ?: into a branch, which would mispredict
             * half the time. */
            unsigned adjacent = -(unsigned)(lx + 1 == x);
            unsigned from = (carry & adjacent) | (flag[x] & ~adjacent);
            unsigned f = (from & (unsigned)(lx < x)) | down;
            flag[rx > x + 1 ? rx : w] = (uint8_t)f;
            carry = f;
            south |= (uint64_t)down << b;
            unsigned rescue = (unsigned)(rx < x) & (f ^ 1u);
            if (rescue) {
                r->south[i] = south;
                rescue_set(r, e, x);
                south = r->south[i];
            }
        }
        r->south[i] = south;
    }
}

/* Cells that do not go south leave their sets: the next row's cell below
 * them starts alone. */
static void
split_sets(struct maze__rowgen *r, struct eller *e)
{
    uint32_t w = r->width;
    uint32_t *L = e->left, *R = e->right;
    for (size_t i = 0; i < r->words; i++) {
        uint64_t stay = ~r->south[i] & maze__row_mask(w, i);
        while (stay != 0) {
            uint32_t x = (uint32_t)(64 * i + (size_t)__builtin_ctzll(stay));
            stay &= stay - 1;
            R[L[x]] = R[x];
            L[R[x]] = L[x];
            L[x] = R[x] = x;
        }
    }
}

static void
eller_next(struct maze__rowgen *r)
{
    struct eller *e = r->state;
    bool last = r->y + 1 == r->height;
    join_across(r, e, last);
    if (last) {
        for (size_t i = 0; i < r->words; i++) {
            r->south[i] = 0;
        }
        return;
    }
    open_down(r, e);
    split_sets(r, e);
}

static const struct maze__row_carver rows = {
    .begin = eller_begin,
    .next = eller_next,
    .end = eller_end,
};

static int
carve_eller(struct maze__carve *ctx)
{
    return maze__carve_rows(ctx, &rows);
}

const struct maze__algorithm maze__gen_eller = {
    .info =
        {
            .name = "eller",
            .description = "Eller: one row of sets at a time, memory "
                           "proportional to the width",
            .rect_only = true,
            .streamable = true,
            .perfect = true,
        },
    .carve = carve_eller,
    .rows = &rows,
    .scratch = maze__rows_scratch,
};
