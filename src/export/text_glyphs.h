/* SPDX-License-Identifier: MIT */
/*
 * The glyphs of text output, shared by the drawing of rectangles
 * (text.c) and of a 3D maze's levels (text_levels.c): lattice posts by the
 * arms that carry a wall, walls, the solution through passages and cells,
 * and the stair marks of levels. Header-only, so neither file depends on
 * the other for them.
 */
#ifndef MAZE_EXPORT_TEXT_GLYPHS_H
#define MAZE_EXPORT_TEXT_GLYPHS_H

#include <stddef.h>

/* Arms of a lattice point that carry a wall, indexing glyphs.post. */
enum { ARM_UP = 1, ARM_RIGHT = 2, ARM_DOWN = 4, ARM_LEFT = 8 };

struct glyphs {
    const char *post[16];
    const char *hwall, *hpath, *vwall, *vpath, *cell_path;
    /* A solution cell one glyph wide (levels), and the stairs by
     * MAZE__STAIR_* bits: up, down, both. */
    const char *path;
    const char *stair[4];
};

static const struct glyphs ascii = {
    .post = {"+", "+", "+", "+", "+", "+", "+", "+", "+", "+", "+", "+", "+",
             "+", "+", "+"},
    .hwall = "--",
    .hpath = "**",
    .vwall = "|",
    .vpath = "*",
    .cell_path = "**",
    .path = "*",
    .stair = {NULL, "^", "v", "X"},
};

/* Spelled as bytes so the output does not depend on the source charset. */
static const struct glyphs utf8 = {
    .post = {" ", "\xe2\x95\xb5", /* up: U+2575 */
             "\xe2\x95\xb6",      /* right: U+2576 */
             "\xe2\x94\x94",      /* up right: U+2514 */
             "\xe2\x95\xb7",      /* down: U+2577 */
             "\xe2\x94\x82",      /* up down: U+2502 */
             "\xe2\x94\x8c",      /* right down: U+250C */
             "\xe2\x94\x9c",      /* up right down: U+251C */
             "\xe2\x95\xb4",      /* left: U+2574 */
             "\xe2\x94\x98",      /* up left: U+2518 */
             "\xe2\x94\x80",      /* right left: U+2500 */
             "\xe2\x94\xb4",      /* up right left: U+2534 */
             "\xe2\x94\x90",      /* down left: U+2510 */
             "\xe2\x94\xa4",      /* up down left: U+2524 */
             "\xe2\x94\xac",      /* right down left: U+252C */
             "\xe2\x94\xbc"},     /* all four: U+253C */
    .hwall = "\xe2\x94\x80\xe2\x94\x80",
    .hpath = "\xe2\x96\x91\xe2\x96\x91",
    .vwall = "\xe2\x94\x82",
    .vpath = "\xe2\x96\x91",
    .cell_path = "\xe2\x96\x91\xe2\x96\x91",
    .path = "\xe2\x96\x91",
    /* up U+25B2, down U+25BC, both U+25C6 */
    .stair = {NULL, "\xe2\x96\xb2", "\xe2\x96\xbc", "\xe2\x97\x86"},
};

#endif
