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
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "core/checked.h"
#include "core/rowbits.h"
#include "gen/coins.h"
#include "gen/gen.h"
#include <mazegen/status.h>

struct eller {
    struct maze__coin join, down;
    struct maze__rand32 r32;
    /* The set's previous and next cell, circularly, west to east; padded
     * with zeros to whole words of the row. */
    uint32_t *left, *right;
    /* Per cell that continues a set further west: whether a cell of the
     * set west of it went south. */
    uint8_t *flag;
    /* Per word of the row, cells x whose set goes on at x + 1: as
     * open_down() found them, then, from split_sets() on, as the next
     * row starts. */
    uint64_t *adj;
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
    size_t padded = 64 * r->words;
    e->left = maze__alloc_array(padded, sizeof(uint32_t), true);
    e->right = maze__alloc_array(padded, sizeof(uint32_t), true);
    e->flag = maze__alloc_array(w, 1, true);
    e->adj = maze__alloc_array(r->words, sizeof(uint64_t), true);
    if (e->left == NULL || e->right == NULL || e->flag == NULL ||
        e->adj == NULL) {
        free(e->left);
        free(e->right);
        free(e->flag);
        free(e->adj);
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
    free(e->adj);
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
        /* Neighbours one set already (split_sets() left them so) stay
         * as they are whatever the coin says. */
        coins &= maze__row_mask((uint64_t)w - 1, i) & ~e->adj[i];
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

#ifdef __SSE2__
/* Sixteen compare lanes (all ones or zeros), one bit each. */
static inline uint64_t
pack16(const __m128i c[4])
{
    __m128i p = _mm_packs_epi16(_mm_packs_epi32(c[0], c[1]),
                                _mm_packs_epi32(c[2], c[3]));
    return (uint32_t)_mm_movemask_epi8(p);
}
#endif

/*
 * Three bits per cell of word i of the row: x + 1 is the next cell of x's
 * set (adj), x is the last cell of its set (last), or the first (first);
 * padding cells past the row come out as anything.
 */
static inline void
row_masks(const uint32_t *L, const uint32_t *R, uint32_t w, size_t i,
          uint64_t *adj, uint64_t *last, uint64_t *first)
{
    uint32_t x0 = (uint32_t)(64 * i);
#ifdef __SSE2__
    if (w < INT32_MAX - 64) {
        /* Four cells a compare, sixteen a mask (the compares' lanes
         * packed to bytes); the compares are signed, so only where every
         * cell number (and the padding's) is below 2^31. */
        __m128i x =
            _mm_add_epi32(_mm_set1_epi32((int)x0), _mm_setr_epi32(0, 1, 2, 3));
        const __m128i one = _mm_set1_epi32(1), four = _mm_set1_epi32(4);
        uint64_t a = 0, not_last = 0, not_first = 0;
        for (unsigned b = 0; b < 64; b += 16) {
            __m128i ca[4], cl[4], cf[4];
            for (unsigned k = 0; k < 4; k++) {
                const uint32_t *rp = R + x0 + b + 4 * k;
                const uint32_t *lp = L + x0 + b + 4 * k;
                __m128i rv = _mm_loadu_si128((const __m128i *)(const void *)rp);
                __m128i lv = _mm_loadu_si128((const __m128i *)(const void *)lp);
                ca[k] = _mm_cmpeq_epi32(rv, _mm_add_epi32(x, one));
                cl[k] = _mm_cmpgt_epi32(rv, x);
                cf[k] = _mm_cmpgt_epi32(x, lv);
                x = _mm_add_epi32(x, four);
            }
            a |= pack16(ca) << b;
            not_last |= pack16(cl) << b;
            not_first |= pack16(cf) << b;
        }
        *adj = a;
        *last = ~not_last;
        *first = ~not_first;
        return;
    }
#else
    (void)w;
#endif
    uint64_t a = 0, l = 0, f = 0;
    for (unsigned b = 0; b < 64; b++) {
        uint32_t c = x0 + b;
        a |= (uint64_t)(R[c] == c + 1) << b;
        l |= (uint64_t)(R[c] <= c) << b;
        f |= (uint64_t)(L[c] >= c) << b;
    }
    *adj = a;
    *last = l;
    *first = f;
}

/*
 * Whether any bit of v is set in each run, at the run's last cell: runs
 * are cells joined by link (bit x: x + 1 is in x's run; bit 63 clear),
 * and the result is meaningful only at cells whose link bit is clear.
 * One addition: a bit of v where link is set carries through the rest
 * of the run's link bits and stops at its last cell, whose link bit is
 * clear, so no carry passes from one run into the next.
 */
static inline uint64_t
run_any(uint64_t v, uint64_t link)
{
    return (link + (v & link)) | v;
}

/*
 * Tosses the passages south and makes sure each set has one. The row
 * falls into runs, each of consecutive cells of one set (x + 1 next
 * after x); a set is one run or several, in order, with other sets'
 * runs between. Whether any cell of a run went south, and whether the
 * run starts its set, are worked out for all the runs of a word at once
 * (run_any()). A set of one run needs nothing more. Otherwise whether any
 * cell of the set so far went south is passed on to the set's next run
 * through flag[] (or in a register, when the run goes on into the next
 * word), a run at a time, so the set's last run sees the whole set's
 * answer. A set of one cell goes south whatever its coin said; a set
 * none of whose cells went south sends one (rescue_set()), in the order
 * of the sets' last cells.
 */
static void
open_down(struct maze__rowgen *r, struct eller *e)
{
    uint32_t w = r->width;
    const uint32_t *L = e->left, *R = e->right;
    uint8_t *flag = e->flag;
    /* Whether a run goes on from the last word into this one, and if so
     * whether a cell of its set went south so far. */
    bool open = false;
    unsigned carry = 0;
    for (size_t i = 0; i < r->words; i++) {
        uint64_t coins = maze__coin_word(&r->rng, &e->down);
        uint32_t x0 = (uint32_t)(64 * i);
        uint64_t valid = maze__row_mask(w, i);
        uint64_t adj, last, first;
        row_masks(L, R, w, i, &adj, &last, &first);
        e->adj[i] = adj;
        uint64_t down = (coins | (first & last)) & valid;
        /* The runs' last cells in the word, and their first. */
        uint64_t ends = ~adj & valid;
        uint64_t starts = ((ends << 1) | 1) & valid;
        uint64_t link = adj & valid & ~(1ull << 63);
        /* At each run's last cell: whether a cell of the run went south,
         * and whether the run is its set's first. */
        uint64_t run_down = run_any(down, link) & ends;
        uint64_t opens = run_any(starts & first, link) & ends;
        uint64_t whole = opens & last;
        uint64_t rescue = whole & ~run_down;
        uint64_t parts = ends & ~whole;
        while (parts != 0) {
            unsigned b = (unsigned)__builtin_ctzll(parts);
            parts &= parts - 1;
            /* The run is cells s to b of the word. */
            uint64_t before = ends & ~(~(uint64_t)0 << b);
            unsigned s =
                before != 0 ? 64 - (unsigned)__builtin_clzll(before) : 0;
            unsigned in = s == 0 && open           ? carry
                          : (first >> s & 1u) != 0 ? 0
                                                   : flag[x0 + s];
            unsigned any = in | (unsigned)(run_down >> b & 1u);
            /* At the set's last cell, R[x] is its first, whose flag is
             * never read: so the store needs no test. */
            flag[R[x0 + b]] = (uint8_t)any;
            rescue |= (uint64_t)((last >> b & 1u) & !any) << b;
        }
        r->south[i] = down;
        for (; rescue != 0; rescue &= rescue - 1) {
            unsigned b = (unsigned)__builtin_ctzll(rescue);
            if ((whole >> b & 1u) == 0) {
                rescue_set(r, e, x0 + b);
                continue;
            }
            /* A set of one run, cells s to b: rescue_set()'s draw, and
             * its walk west as a subtraction. */
            uint64_t before = ends & ~(~(uint64_t)0 << b);
            unsigned s =
                before != 0 ? 64 - (unsigned)__builtin_clzll(before) : 0;
            uint32_t pick = maze__rand32_below(&r->rng, &e->r32, b - s + 1);
            r->south[i] |= (uint64_t)1 << (b - pick);
        }
        /* Cells s to 63 are a run going on into the next word. */
        unsigned s = ends != 0 ? 64 - (unsigned)__builtin_clzll(ends) : 0;
        if (s < 64 && (valid >> 63 & 1u) != 0) {
            unsigned in = s == 0 && open           ? carry
                          : (first >> s & 1u) != 0 ? 0
                                                   : flag[x0 + s];
            carry = in | ((down >> s) != 0);
            open = true;
        } else {
            open = false;
        }
    }
}

/*
 * Cells that do not go south leave their sets: the next row's cell below
 * them starts alone. A run of such cells one after another in one set
 * leaves it at once: the cells either side of the run are linked, and
 * each cell of the run made a set of its own, with no loads that wait
 * on the stores before them.
 */
static void
split_sets(struct maze__rowgen *r, struct eller *e)
{
    uint32_t w = r->width;
    uint32_t *L = e->left, *R = e->right;
    for (size_t i = 0; i < r->words; i++) {
        uint64_t stay = ~r->south[i] & maze__row_mask(w, i);
        /* Cells whose run goes on at the next cell of the word (the next
         * cell of the set, not going south either); runs are cut at the
         * word's end. The first and last cells of the runs, in step. */
        uint64_t on = stay & e->adj[i] & (stay >> 1) & ~(1ull << 63);
        uint64_t starts = stay & ~(on << 1), ends = stay & ~on;
        uint32_t x0 = (uint32_t)(64 * i);
        while (starts != 0) {
            uint32_t a = x0 + (uint32_t)__builtin_ctzll(starts);
            uint32_t b = x0 + (uint32_t)__builtin_ctzll(ends);
            starts &= starts - 1;
            ends &= ends - 1;
            uint32_t before = L[a], after = R[b];
            R[before] = after;
            L[after] = before;
        }
        /* The next row's neighbours that are one set: those that were
         * and both go south. */
        uint64_t south_on = r->south[i] >> 1;
        if (i + 1 < r->words) {
            south_on |= r->south[i + 1] << 63;
        }
        e->adj[i] &= r->south[i] & south_on;
        /* Nothing links to the cells unlinked any more: each makes a set
         * of its own. */
        for (uint64_t left = ~r->south[i] & maze__row_mask(w, i); left != 0;
             left &= left - 1) {
            uint32_t x = x0 + (uint32_t)__builtin_ctzll(left);
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
