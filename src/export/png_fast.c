/* SPDX-License-Identifier: MIT */
/*
 * The fast bilevel renderer of the PNG exporter: libpng's deflate is the
 * real work, so drawing must cost next to nothing, and bilevel rows are
 * packed a cell at a time from two precomputed bit patterns rather than
 * pixel by pixel.
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
 * A band row or an interior row of a bilevel image without markers, a
 * cell at a time from its wall bit: the walls, posts and floor come out
 * exactly as render_band() and render_interior() draw them.
 */
void
maze__png_fast_band(const struct maze__png_raster *r, uint8_t *row)
{
    const uint64_t *hwall = r->win.hwall;
    uint32_t w = r->rows->width;
    struct packer k = {.p = row};
    pack_run(&k, MAZE__PNG_FLOOR, r->margin);
    for (uint32_t x = 0; x < w; x++) {
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
    for (uint32_t x = 0; x < w; x++) {
        pack(&k, maze__bit_get(vwall, x) ? r->inner_wall : r->inner_open, r->c);
    }
    pack_run(&k, maze__bit_get(vwall, w) ? MAZE__PNG_INK : MAZE__PNG_FLOOR,
             r->t);
    pack_run(&k, MAZE__PNG_FLOOR, r->margin);
    pack_end(&k);
}
