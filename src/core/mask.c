/* SPDX-License-Identifier: MIT */
/*
 * Masks: a picture of kept and cut cells, one byte per cell (masks come
 * from pictures a person drew, so they are small next to the mazes the
 * library makes without one). The bottom of the masks: the grid and the
 * piece count (mask_pieces.c) build on it.
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
