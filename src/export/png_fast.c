/* SPDX-License-Identifier: MIT */
/*
 * The fast bilevel renderer of the PNG exporter: deflate is the real
 * work, so drawing must cost next to nothing, and bilevel rows are packed
 * from precomputed bit patterns, several small cells a word at a time,
 * rather than pixel by pixel.
 */
#include "export/png_impl.h"

/*
 * Packs pixels most significant bit first, a cell's worth (at most
 * MAZE__PNG_FAST_MAX bits) at a time; fewer than 8 bits wait in acc between
 * calls.
 */
struct packer {
    uint8_t *p;
    uint64_t acc;
    unsigned n;
};

static inline void
pack(struct packer *k, uint64_t bits, unsigned count)
{
    k->acc = k->acc << count | bits;
    k->n += count;
    while (k->n >= 8) {
        k->n -= 8;
        *k->p++ = (uint8_t)(k->acc >> k->n);
    }
}

/* count pixels of one value. */
static void
pack_run(struct packer *k, unsigned v, uint32_t count)
{
    uint64_t ones = v ? ~(uint64_t)0 : 0;
    while (count > 0) {
        unsigned n =
            count < MAZE__PNG_FAST_MAX ? (unsigned)count : MAZE__PNG_FAST_MAX;
        pack(k, ones >> (64 - n), n);
        count -= n;
    }
}

static void
pack_end(struct packer *k)
{
    if (k->n > 0) {
        *k->p++ = (uint8_t)(k->acc << (8 - k->n));
        k->n = 0;
    }
}

/*
 * Cells are packed a group at a time, up to MAZE__PNG_FAST_MAX bits: 8
 * cells of at most 7 pixels, 4 of at most 14, else one. A group's wall
 * bits are spread to a run of c ones a cell (the first cell highest, as
 * it comes first), and the group's pixels picked from the cell patterns
 * repeated over the group by those masks: no branch a cell.
 */
struct group {
    unsigned cells, c, bits; /* cells a group, pixels a cell, bits a group */
    uint64_t spread[16];     /* nibble n: its 4 cells' runs, bit 0 first */
};

static unsigned
group_cells(uint32_t c)
{
    return c <= 7 ? 8 : c <= 14 ? 4 : 1;
}

static void
group_init(struct group *g, uint32_t c)
{
    g->cells = group_cells(c);
    g->c = c;
    g->bits = g->cells * c;
    uint64_t ones = ((uint64_t)1 << c) - 1;
    for (unsigned n = 0; n < 16 && g->cells > 1; n++) {
        uint64_t v = 0;
        for (unsigned i = 0; i < 4; i++) {
            v = v << c | ((n >> i) & 1 ? ones : 0);
        }
        g->spread[n] = v;
    }
}

/* pattern, a cell's c bits, over every cell of a group. */
static uint64_t
repeat(const struct group *g, uint64_t pattern)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < g->cells; i++) {
        v = v << g->c | pattern;
    }
    return v;
}

/* The runs of group k's cells whose bit is set in bits. */
static inline uint64_t
spread(const struct group *g, const uint64_t *bits, uint32_t k)
{
    if (g->cells == 8) {
        unsigned b = (unsigned)(bits[k / 8] >> (k % 8 * 8)) & 0xff;
        return g->spread[b & 15] << (4 * g->c) | g->spread[b >> 4];
    }
    return g->spread[(bits[k / 16] >> (k % 16 * 4)) & 15];
}

/*
 * A band row or an interior row of a bilevel image without markers, a
 * group of cells at a time from their wall bits: the walls, posts and
 * floor come out exactly as render_band() and render_interior() draw
 * them.
 */
void
maze__png_fast_band(const struct maze__png_raster *r, uint8_t *row)
{
    const uint64_t *hwall = r->win.hwall;
    uint32_t w = r->rows->width;
    struct packer k = {.p = row};
    pack_run(&k, MAZE__PNG_FLOOR, r->margin);
    struct group g;
    group_init(&g, r->c);
    uint32_t x = 0;
    if (g.cells > 1) {
        /* A wall: ink; else a post: band_open; else inner_open. */
        uint64_t post_open = repeat(&g, r->band_open);
        uint64_t open = repeat(&g, r->inner_open);
        for (uint32_t n = w / g.cells; x < n; x++) {
            uint64_t post = spread(&g, r->post, x);
            uint64_t wall = spread(&g, hwall, x);
            pack(&k, ~wall & ((post & post_open) | (~post & open)), g.bits);
        }
        x *= g.cells;
    }
    for (; x < w; x++) {
        pack(&k,
             maze__bit_get(hwall, x)     ? 0
             : maze__bit_get(r->post, x) ? r->band_open
                                         : r->inner_open,
             r->c);
    }
    pack_run(&k, maze__bit_get(r->post, w) ? MAZE__PNG_INK : MAZE__PNG_FLOOR,
             r->t);
    pack_run(&k, MAZE__PNG_FLOOR, r->margin);
    pack_end(&k);
}

void
maze__png_fast_interior(const struct maze__png_raster *r, uint8_t *row)
{
    const uint64_t *vwall = r->win.vwall;
    uint32_t w = r->rows->width;
    struct packer k = {.p = row};
    pack_run(&k, MAZE__PNG_FLOOR, r->margin);
    struct group g;
    group_init(&g, r->c);
    uint32_t x = 0;
    if (g.cells > 1) {
        uint64_t closed = repeat(&g, r->inner_wall);
        uint64_t open = repeat(&g, r->inner_open);
        for (uint32_t n = w / g.cells; x < n; x++) {
            uint64_t wall = spread(&g, vwall, x);
            pack(&k, (wall & closed) | (~wall & open), g.bits);
        }
        x *= g.cells;
    }
    for (; x < w; x++) {
        pack(&k, maze__bit_get(vwall, x) ? r->inner_wall : r->inner_open, r->c);
    }
    pack_run(&k, maze__bit_get(vwall, w) ? MAZE__PNG_INK : MAZE__PNG_FLOOR,
             r->t);
    pack_run(&k, MAZE__PNG_FLOOR, r->margin);
    pack_end(&k);
}
