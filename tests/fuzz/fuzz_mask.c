/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the mask readers (--mask): the input is read as a
 * text picture and as a PNG, with the command line's side limit. Whatever
 * reads must be a mask of the size it says, whose cells count what the
 * picture keeps; its pieces are counted on every maskable kind, and a
 * mask in one piece of at most 256 cells makes a grid and a maze on a
 * rectangle (the generator walks only kept cells, and reaches them all).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <mazegen/mazegen.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The command line's limit on a mask's side. */
#define MAX_SIDE 4096

static void
check(int condition)
{
    if (!condition) {
        abort();
    }
}

static void
exercise(const struct maze_mask *mask)
{
    uint32_t w = maze_mask_width(mask), h = maze_mask_height(mask);
    check(w >= 1 && h >= 1 && w <= MAX_SIDE && h <= MAX_SIDE);
    uint64_t count = 0;
    for (uint32_t y = 0; y < h; y++) {
        for (uint32_t x = 0; x < w; x++) {
            count += maze_mask_get(mask, x, y);
        }
    }
    check(count == maze_mask_count(mask));
    for (size_t k = 0; k < maze_grid_kind_count(); k++) {
        const struct maze_grid_kind *kind = maze_grid_kind_at(k);
        uint32_t pieces;
        int rc = maze_mask_pieces(mask, kind, &pieces);
        check(kind->maskable ? rc == MAZE_OK || rc == MAZE_ERR_RANGE ||
                                   rc == MAZE_ERR_NOMEM
                             : rc == MAZE_ERR_INVALID);
        if (rc != MAZE_OK || pieces != 1 || count > 256 ||
            strcmp(kind->name, "rect") != 0) {
            continue;
        }
        struct maze_grid_params p = {
            .struct_size = sizeof(struct maze_grid_params), .mask = mask};
        struct maze_grid *g = NULL;
        struct maze *m = NULL;
        if (maze_grid_create(kind, &p, &g) == MAZE_OK &&
            maze_create(g, &m) == MAZE_OK) {
            check(maze_grid_cell_count(g) == count);
            struct maze_generate_options o = {
                .struct_size = sizeof(struct maze_generate_options),
                .seed = count};
            check(maze_generate(m, &o) == MAZE_OK);
            check(maze_passage_count(m) == count - 1);
        }
        maze_destroy(m);
        maze_grid_destroy(g);
    }
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct maze_mask *mask = NULL;
    if (maze_mask_read_text((const char *)data, size, MAX_SIDE, &mask) ==
        MAZE_OK) {
        exercise(mask);
    }
    maze_mask_destroy(mask);
    mask = NULL;
    if (maze_mask_read_png(data, size, MAX_SIDE, &mask) == MAZE_OK) {
        exercise(mask);
    }
    maze_mask_destroy(mask);
    return 0;
}
