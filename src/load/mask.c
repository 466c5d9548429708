/* SPDX-License-Identifier: MIT */
/*
 * Masks read from pictures a person drew: a plain-text picture or a PNG,
 * one character or pixel per cell. The size is checked against the
 * caller's limit before anything the size of the picture is allocated.
 * PNG goes through libpng's simplified reader, which turns any colour
 * type and depth into 8-bit grey and alpha for us.
 */
#include <png.h>
#include <stdlib.h>
#include <string.h>

#include "core/checked.h"
#include <mazegen/mask.h>
#include <mazegen/status.h>

/* Off characters; any other printable ASCII character is on. */
static bool
text_on(char c)
{
    return c != '.' && c != ' ' && c != '_';
}

int
maze_mask_read_text(const char *data, size_t len, uint32_t max_side,
                    struct maze_mask **out)
{
    if (out == NULL || (data == NULL && len > 0)) {
        return MAZE_ERR_INVALID;
    }
    *out = NULL;
    /* First pass: the size, and that every byte is printable ASCII. */
    uint64_t rows = 0, width = 0, col = 0;
    for (size_t i = 0; i < len; i++) {
        char c = data[i];
        if (c == '\n') {
            rows++;
            col = 0;
            continue;
        }
        if (c == '\r' && i + 1 < len && data[i + 1] == '\n') {
            continue;
        }
        if (c < 0x20 || c > 0x7e) {
            return MAZE_ERR_INVALID;
        }
        if (++col > width) {
            width = col;
        }
        if (col > max_side) {
            return MAZE_ERR_RANGE;
        }
    }
    if (col > 0) {
        rows++; /* a last line without its newline */
    }
    if (rows > max_side) {
        return MAZE_ERR_RANGE;
    }
    if (width == 0 || rows == 0) {
        return MAZE_ERR_INVALID;
    }
    struct maze_mask *m;
    int rc = maze_mask_create((uint32_t)width, (uint32_t)rows, &m);
    if (rc != MAZE_OK) {
        return rc;
    }
    uint32_t x = 0, y = 0;
    for (size_t i = 0; i < len; i++) {
        char c = data[i];
        if (c == '\n') {
            /* The rest of a short row is off. */
            for (; x < width; x++) {
                maze_mask_set(m, x, y, false);
            }
            x = 0;
            y++;
            continue;
        }
        if (c == '\r' && i + 1 < len && data[i + 1] == '\n') {
            continue;
        }
        maze_mask_set(m, x++, y, text_on(c));
    }
    for (; x > 0 && x < width; x++) {
        maze_mask_set(m, x, y, false);
    }
    if (maze_mask_count(m) == 0) {
        maze_mask_destroy(m);
        return MAZE_ERR_INVALID;
    }
    *out = m;
    return MAZE_OK;
}

int
maze_mask_read_png(const void *data, size_t len, uint32_t max_side,
                   struct maze_mask **out)
{
    if (out == NULL || data == NULL) {
        return MAZE_ERR_INVALID;
    }
    *out = NULL;
    png_image image;
    memset(&image, 0, sizeof(image));
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, len)) {
        return MAZE_ERR_INVALID;
    }
    if (image.width > max_side || image.height > max_side) {
        png_image_free(&image);
        return MAZE_ERR_RANGE;
    }
    image.format = PNG_FORMAT_GA;
    size_t bytes;
    if (!maze__mul_size((size_t)image.width * 2, image.height, &bytes)) {
        png_image_free(&image);
        return MAZE_ERR_RANGE;
    }
    uint8_t *pixels = malloc(bytes ? bytes : 1);
    if (pixels == NULL) {
        png_image_free(&image);
        return MAZE_ERR_NOMEM;
    }
    struct maze_mask *m = NULL;
    int rc = MAZE_ERR_INVALID;
    if (png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
        rc = maze_mask_create(image.width, image.height, &m);
    }
    for (uint32_t y = 0; rc == MAZE_OK && y < image.height; y++) {
        for (uint32_t x = 0; x < image.width; x++) {
            const uint8_t *p = pixels + 2 * ((size_t)y * image.width + x);
            /* Dark and not transparent: on. */
            maze_mask_set(m, x, y, p[0] < 128 && p[1] >= 128);
        }
    }
    png_image_free(&image);
    free(pixels);
    if (rc == MAZE_OK && maze_mask_count(m) == 0) {
        maze_mask_destroy(m);
        return MAZE_ERR_INVALID;
    }
    *out = m;
    return rc;
}
