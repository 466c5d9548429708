/* SPDX-License-Identifier: MIT */
/*
 * Masks: a picture of kept and cut cells, one byte per cell (masks come
 * from pictures a person drew, so they are small next to the mazes the
 * library makes without one). The bottom of the masks: the grid and the
 * piece count (mask_pieces.c) build on it. Scaling a mask resamples it by
 * area, so a feature keeps its cells by how much of them it covers, not by
 * where a sample point happens to fall.
 */
#include <stdlib.h>
#include <string.h>

#include "core/checked.h"
#include <mazegen/mask.h>
#include <mazegen/status.h>

struct maze_mask {
    uint32_t width, height;
    uint8_t *on;
};

int
maze_mask_create(uint32_t width, uint32_t height, struct maze_mask **out)
{
    if (out == NULL) {
        return MAZE_ERR_INVALID;
    }
    *out = NULL;
    if (width == 0 || height == 0 ||
        (uint64_t)width * height > MAZE_MAX_CELLS) {
        return MAZE_ERR_RANGE;
    }
    struct maze_mask *m = malloc(sizeof(*m));
    uint8_t *on = maze__alloc_array((size_t)width * height, 1, false);
    if (m == NULL || on == NULL) {
        free(m);
        free(on);
        return MAZE_ERR_NOMEM;
    }
    memset(on, 1, (size_t)width * height);
    *m = (struct maze_mask){width, height, on};
    *out = m;
    return MAZE_OK;
}

void
maze_mask_destroy(struct maze_mask *mask)
{
    if (mask != NULL) {
        free(mask->on);
        free(mask);
    }
}

uint32_t
maze_mask_width(const struct maze_mask *mask)
{
    return mask->width;
}

uint32_t
maze_mask_height(const struct maze_mask *mask)
{
    return mask->height;
}

bool
maze_mask_get(const struct maze_mask *mask, uint32_t x, uint32_t y)
{
    return x < mask->width && y < mask->height &&
           mask->on[(size_t)y * mask->width + x];
}

void
maze_mask_set(struct maze_mask *mask, uint32_t x, uint32_t y, bool on)
{
    if (x < mask->width && y < mask->height) {
        mask->on[(size_t)y * mask->width + x] = on;
    }
}

void
maze_mask_invert(struct maze_mask *mask)
{
    size_t n = (size_t)mask->width * mask->height;
    for (size_t i = 0; i < n; i++) {
        mask->on[i] ^= 1;
    }
}

uint64_t
maze_mask_count(const struct maze_mask *mask)
{
    size_t n = (size_t)mask->width * mask->height;
    uint64_t count = 0;
    for (size_t i = 0; i < n; i++) {
        count += mask->on[i];
    }
    return count;
}

/* The length of [a0, a1) and [b0, b1) in common. */
static uint64_t
overlap(uint64_t a0, uint64_t a1, uint64_t b0, uint64_t b1)
{
    uint64_t lo = a0 > b0 ? a0 : b0, hi = a1 < b1 ? a1 : b1;
    return hi > lo ? hi - lo : 0;
}

/*
 * Exact area coverage in whole numbers: along x, a picture's pixel i spans
 * [i*width, (i+1)*width) and a cell j spans [j*sw, (j+1)*sw) (both sides
 * scaled by width x sw), so every overlap is a whole number and a cell's
 * area is sw*sh in those units; likewise along y. Each cell visits only
 * the pixels it overlaps, so the work is the picture's pixels plus the
 * cells, a few times over.
 */
int
maze_mask_scale(const struct maze_mask *mask, uint32_t width, uint32_t height,
                struct maze_mask **out)
{
    if (out == NULL) {
        return MAZE_ERR_INVALID;
    }
    *out = NULL;
    if (mask == NULL) {
        return MAZE_ERR_INVALID;
    }
    struct maze_mask *m;
    int rc = maze_mask_create(width, height, &m);
    if (rc != MAZE_OK) {
        return rc;
    }
    const uint64_t sw = mask->width, sh = mask->height;
    for (uint32_t y = 0; y < height; y++) {
        uint64_t y0 = (uint64_t)y * sh, y1 = y0 + sh;
        uint64_t py0 = y0 / height, py1 = (y1 + height - 1) / height;
        for (uint32_t x = 0; x < width; x++) {
            uint64_t x0 = (uint64_t)x * sw, x1 = x0 + sw;
            uint64_t px0 = x0 / width, px1 = (x1 + width - 1) / width;
            uint64_t dark = 0;
            for (uint64_t py = py0; py < py1 && py < sh; py++) {
                uint64_t oy = overlap(y0, y1, py * height, (py + 1) * height);
                const uint8_t *row = mask->on + py * sw;
                for (uint64_t px = px0; px < px1 && px < sw; px++) {
                    if (row[px]) {
                        dark +=
                            oy * overlap(x0, x1, px * width, (px + 1) * width);
                    }
                }
            }
            /* The cell's own area is sw * sh of those units: in when at
             * least half of it is dark. */
            m->on[(size_t)y * width + x] = 2 * dark >= sw * sh;
        }
    }
    *out = m;
    return MAZE_OK;
}
