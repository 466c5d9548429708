/* SPDX-License-Identifier: MIT */
/*
 * Lengths with their units (px, pt, mm, in), as exporters take cell
 * sizes, wall widths, margins, gutters and bleeds, and the limits every
 * drawing keeps.
 */
#ifndef MAZEGEN_UNITS_H
#define MAZEGEN_UNITS_H

#ifdef __cplusplus
extern "C" {
#endif

enum maze_unit {
    MAZE_UNIT_PX = 0,
    MAZE_UNIT_PT,
    MAZE_UNIT_MM,
    MAZE_UNIT_IN,
};

/*
 * A length with its unit. Raster formats turn physical units into pixels at
 * the dpi; vector formats take a px as 1/96 inch (as CSS does).
 * A value of 0 selects the format's default; a negative one, written
 * MAZE_LENGTH_NONE, asks for none: a margin of nothing.
 */
struct maze_length {
    double value;
    enum maze_unit unit;
};

/* No length: a margin of nothing (0 would give the default). */
#define MAZE_LENGTH_NONE ((struct maze_length){-1.0, MAZE_UNIT_PX})

/*
 * Limits every drawing keeps (exporters refuse sizes that break them with
 * MAZE_ERR_RANGE): a wall is at least MAZE_MIN_WALL_PT thick as printed
 * (at the dpi for raster formats; thinner does not print), and the
 * passage between two walls is at least MAZE_MIN_PASSAGE_SHARE of the
 * cell, so walls are at most half a cell thick.
 */
#define MAZE_MIN_WALL_PT 0.25
#define MAZE_MIN_PASSAGE_SHARE 0.5

/*
 * Parses "12", "12pt", "2.5mm", "1cm", "0.5in", "10px" (a positive
 * decimal, no locale, an optional unit px, pt, mm, cm or in in any case:
 * "12PT"; no unit means default_unit; cm are given back as mm).
 * Errors: MAZE_ERR_INVALID (syntax or unknown unit), MAZE_ERR_RANGE.
 */
int maze_length_parse(const char *text, enum maze_unit default_unit,
                      struct maze_length *out);

#ifdef __cplusplus
}
#endif

#endif
