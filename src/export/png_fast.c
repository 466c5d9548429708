/* SPDX-License-Identifier: MIT */
/*
 * The fast renderer of the PNG exporter's plain image (ink, floor and the
 * ends' two colours, 2 bits a pixel): libpng's deflate is the real work,
 * so drawing must cost next to nothing. Walls and floor are packed a bit
 * a pixel, a cell at a time from two precomputed bit patterns rather than
 * pixel by pixel, then spread to 2 bits a pixel a byte at a time (ink 0
 * and floor 1 are the same numbers in both).
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

/* r->bits, a bit a pixel, as row, 2 bits a pixel: each bit b becomes the
 * pair 0b0b (bit i of a byte to bit 2i of a 16-bit word). */
static void
spread(const struct maze__png_raster *r, uint8_t *row)
{
    for (size_t i = 0; i < r->row_bits; i++) {
        uint32_t x = r->bits[i];
        x = (x | x << 4) & 0x0f0f;
        x = (x | x << 2) & 0x3333;
        x = (x | x << 1) & 0x5555;
        row[2 * i] = (uint8_t)(x >> 8);
        /* The last byte of bits may hold fewer than 5 pixels. */
        if (2 * i + 1 < r->row_bytes) {
            row[2 * i + 1] = (uint8_t)x;
        }
    }
}

/*
 * A band row or an interior row of the plain image without markers, a
 * cell at a time from its wall bit: the walls, posts and floor come out
 * exactly as render_band() and render_interior() draw them.
 */
void
maze__png_fast_band(const struct maze__png_raster *r, uint8_t *row)
{
    const uint64_t *hwall = r->win.hwall;
    uint32_t w = r->rows->width;
    struct packer k = {.p = r->bits};
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
    spread(r, row);
}

void
maze__png_fast_interior(const struct maze__png_raster *r, uint8_t *row)
{
    const uint64_t *vwall = r->win.vwall;
    uint32_t w = r->rows->width;
    struct packer k = {.p = r->bits};
    pack_run(&k, MAZE__PNG_FLOOR, r->margin);
    for (uint32_t x = 0; x < w; x++) {
        pack(&k, maze__bit_get(vwall, x) ? r->inner_wall : r->inner_open, r->c);
    }
    pack_run(&k, maze__bit_get(vwall, w) ? MAZE__PNG_INK : MAZE__PNG_FLOOR,
             r->t);
    pack_run(&k, MAZE__PNG_FLOOR, r->margin);
    pack_end(&k);
    spread(r, row);
}
