/* SPDX-License-Identifier: MIT */
/*
 * Masks read from pictures a person drew: a plain-text picture or a PNG,
 * one character or pixel per cell. The size is checked against the
 * caller's limit before anything the size of the picture is allocated.
 * PNG goes through libpng's simplified reader, which turns any colour
 * type and depth into 8-bit grey and alpha for us; before it runs, the
 * image data is inflated once into a small buffer and must hold exactly
 * the bytes its rows need, so a few megabytes of file cannot make
 * gigabytes of work (libpng would inflate whatever follows the rows).
 */
#include <png.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

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

static uint32_t
be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 |
           p[3];
}

/* The bytes of filtered rows an image of IHDR's fields needs: a filter
 * byte and the packed pixels of each row, of each pass when interlaced;
 * 0 for fields libpng will refuse anyway. */
static uint64_t
rows_bytes(uint32_t w, uint32_t h, unsigned depth, unsigned colour,
           unsigned interlace)
{
    static const unsigned channels[7] = {1, 0, 3, 1, 2, 0, 4};
    if (colour > 6 || channels[colour] == 0 || depth == 0 || depth > 16) {
        return 0;
    }
    uint64_t bits = (uint64_t)depth * channels[colour];
    /* Adam7's passes: first column and row, and their steps. */
    static const unsigned pass[7][4] = {
        {0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4},
        {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}};
    if (interlace == 0) {
        return (uint64_t)h * (1 + ((uint64_t)w * bits + 7) / 8);
    }
    uint64_t total = 0;
    for (int i = 0; i < 7; i++) {
        uint64_t pw =
            w > pass[i][0] ? (w - pass[i][0] + pass[i][2] - 1) / pass[i][2] : 0;
        uint64_t ph =
            h > pass[i][1] ? (h - pass[i][1] + pass[i][3] - 1) / pass[i][3] : 0;
        if (pw > 0 && ph > 0) {
            total += ph * (1 + (pw * bits + 7) / 8);
        }
    }
    return total;
}

/*
 * Whether the image data of the PNG in data[0 .. len-1] (its IDAT chunks,
 * one zlib stream) inflates to exactly `need` bytes and ends there, with
 * nothing after the stream: inflated into a small buffer, stopping as
 * soon as it passes `need`, so the work is bounded by the rows. Chunks
 * are walked by their lengths; libpng checks everything else (CRCs,
 * order, the header's fields) after.
 */
static int
check_idat(const uint8_t *data, size_t len, uint64_t need)
{
    z_stream z;
    memset(&z, 0, sizeof(z));
    if (inflateInit(&z) != Z_OK) {
        return MAZE_ERR_NOMEM;
    }
    uint8_t buf[16384];
    uint64_t out = 0;
    bool seen = false, ended = false;
    int rc = MAZE_ERR_INVALID;
    size_t at = 8; /* past the signature */
    while (len - at >= 12) {
        uint32_t n = be32(data + at);
        const uint8_t *type = data + at + 4;
        if (n > len - at - 12) {
            break; /* truncated: libpng says so */
        }
        const uint8_t *body = data + at + 8;
        at += 12 + (size_t)n;
        if (memcmp(type, "IDAT", 4) != 0) {
            if (seen || memcmp(type, "IEND", 4) == 0) {
                break; /* the image data is over */
            }
            continue;
        }
        seen = true;
        if (ended) {
            if (n > 0) {
                goto done; /* more data after the stream's end */
            }
            continue;
        }
        z.next_in = (Bytef *)body;
        z.avail_in = n;
        while (z.avail_in > 0 && !ended) {
            /* Room for one byte past what the rows need, to see it. */
            uint64_t room = need - out + 1;
            z.next_out = buf;
            z.avail_out = room < sizeof(buf) ? (uInt)room : sizeof(buf);
            uInt before = z.avail_out;
            int zr = inflate(&z, Z_NO_FLUSH);
            out += before - z.avail_out;
            if (out > need || (zr != Z_OK && zr != Z_STREAM_END)) {
                goto done;
            }
            ended = zr == Z_STREAM_END;
        }
        if (ended && z.avail_in > 0) {
            goto done; /* bytes after the stream in the same chunk */
        }
    }
    rc = ended && out == need ? MAZE_OK : MAZE_ERR_INVALID;
done:
    inflateEnd(&z);
    return rc;
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
    /* The header's fields, from the IHDR chunk (the simplified reader
     * checked it is one and well formed). */
    const uint8_t *ihdr = (const uint8_t *)data + 16;
    int rc = len >= 33 ? check_idat(data, len,
                                    rows_bytes(be32(ihdr), be32(ihdr + 4),
                                               ihdr[8], ihdr[9], ihdr[12]))
                       : MAZE_ERR_INVALID;
    if (rc != MAZE_OK) {
        png_image_free(&image);
        return rc;
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
    rc = MAZE_ERR_INVALID;
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
