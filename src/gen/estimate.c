/*
 * How much memory maze_generate() needs, worked out before anything is
 * allocated, so a caller can refuse a request that would not fit instead
 * of being killed half way through.
 *
 * Each algorithm's scratch memory is a formula in the cell, edge and
 * column counts, read off its allocations; each formula is an upper bound
 * (growth by doubling is counted at its worst), and the bench program
 * prints it beside the peak it measures. The table is keyed by name, and
 * a unit test checks that every registered algorithm has an entry.
 */
#include <string.h>

#include "core/checked.h"
#include "gen/gen.h"
#include <mazegen/status.h>

/* The numbers the formulas use, in 64 bits. */
struct dims {
    uint64_t cells, edges, width, height;
    const struct maze_generate_options *opt;
};

/* Saturating arithmetic: an estimate past 2^64 bytes is "too much". */
static uint64_t
add(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

static uint64_t
mul(uint64_t a, uint64_t b)
{
    return b != 0 && a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

/* One bit per item, in whole words (a saturated count stays so). */
static uint64_t
bits(uint64_t n)
{
    return n == UINT64_MAX ? n : mul(n / 64 + 1, 8);
}

/* What an array on huge pages may round up to (alloc.c). */

static uint64_t
backtracker(const struct dims *d)
{
    /* Visited bits with a border, and a stack of nibbles as deep as the
     * maze, allocated whole (only the part reached is touched). */
    return add(bits(mul(d->width + 2, d->height + 2)), d->cells / 2 + 8);
}

static uint64_t
kruskal(const struct dims *d)
{
    /* The walls, a parent per cell (tiles of 4 x 4 round the grid up),
     * a bit per wall for the class order, the bucket counts. */
    uint64_t nodes = mul(d->width + 3, d->height + 3);
    return add(add(mul(4, d->edges), mul(4, nodes)),
               add(bits(d->edges), 2 * MAZE__HUGE_PAGE + 65537 * 8));
}

static uint64_t
prim(const struct dims *d)
{
    /* Visited bits and 4097 bucket heaps of 8-byte entries: together
     * never more entries than the edges (measured: under 0.9 a cell at
     * the peak, so room to spare for doubling growth), plus each bucket's
     * header and first 16 entries. */
    return add(add(bits(d->cells), mul(8, d->edges)), 4097 * (24 + 16 * 8));
}

static uint64_t
prim_simple(const struct dims *d)
{
    /* Visited bits and frontier lists of 4-byte entries: each cell enters
     * at most one list per class (two), lists grow by doubling. */
    return add(bits(d->cells), add(mul(16, d->cells), 4096));
}

static uint64_t
aldous_broder(const struct dims *d)
{
    return mul(2, bits(d->cells)); /* visited and peeled bits */
}

static uint64_t
wilson(const struct dims *d)
{
    return add(bits(d->cells), d->cells); /* peeled bits, a byte a cell */
}

static uint64_t
hunt_and_kill(const struct dims *d)
{
    return bits(d->cells);
}

static uint64_t
growing_tree(const struct dims *d)
{
    /* Visited bits, the active list, and with a middle weight the Fenwick
     * tree over it. */
    uint64_t per_cell = d->opt->growing.middle > 0 ? 8 : 4;
    return add(bits(d->cells), mul(per_cell, d->cells));
}

static uint64_t
division(const struct dims *d)
{
    (void)d;
    return 0; /* a fixed stack on the C stack */
}

static uint64_t
row_carver(const struct dims *d)
{
    /* Two rows of passages and the carver's state (Eller's two links and
     * a flag per column is the most), generously. */
    return add(mul(32, d->width), 4096);
}

static const struct {
    const char *name;
    uint64_t (*scratch)(const struct dims *d);
} models[] = {
    {"backtracker", backtracker},
    {"kruskal", kruskal},
    {"prim", prim},
    {"prim-simple", prim_simple},
    {"aldous-broder", aldous_broder},
    {"wilson", wilson},
    {"hunt-and-kill", hunt_and_kill},
    {"binary-tree", row_carver},
    {"sidewinder", row_carver},
    {"eller", row_carver},
    {"growing-tree", growing_tree},
    {"division", division},
};

int
maze_generate_estimate(uint32_t width, uint32_t height,
                       const struct maze_generate_options *opt, uint64_t *bytes)
{
    if (opt == NULL || bytes == NULL) {
        return MAZE_ERR_INVALID;
    }
    const char *name = opt->algorithm ? opt->algorithm : "backtracker";
    size_t i = 0;
    while (i < sizeof(models) / sizeof(models[0]) &&
           strcmp(models[i].name, name) != 0) {
        i++;
    }
    if (i == sizeof(models) / sizeof(models[0])) {
        return MAZE_ERR_INVALID;
    }
    if (width == 0 || height == 0) {
        return MAZE_ERR_RANGE;
    }
    struct dims d = {
        .cells = (uint64_t)width * height,
        .edges =
            add((uint64_t)(width - 1) * height, (uint64_t)width * (height - 1)),
        .width = width,
        .height = height,
        .opt = opt,
    };
    uint64_t scratch = models[i].scratch(&d);
    /* The endpoint search runs after the carve has freed its scratch: a
     * distance and a queue entry per cell. */
    uint64_t search =
        opt->endpoints == MAZE_ENDPOINTS_LONGEST ? mul(8, d.cells) : 0;
    *bytes = add(bits(mul(2, d.cells)), scratch > search ? scratch : search);
    return MAZE_OK;
}
