/* SPDX-License-Identifier: MIT */
/*
 * Paper: the sizes sheets are printed on, in points (1/72 in), by name
 * or as a custom "WxH" with a unit.
 */
#ifndef MAZEGEN_PAPER_H
#define MAZEGEN_PAPER_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Page sizes in points (1/72 in), portrait. */
#define MAZE_LETTER_WIDTH 612.0
#define MAZE_LETTER_HEIGHT 792.0
#define MAZE_A4_WIDTH (210 / 25.4 * 72)
#define MAZE_A4_HEIGHT (297 / 25.4 * 72)
#define MAZE_LEGAL_WIDTH 612.0
#define MAZE_LEGAL_HEIGHT 1008.0

/*
 * Parses a paper name, in any case, as libpaper names them: "letter",
 * "a4", "legal", "tabloid" or "11x17", "ledger" (tabloid turned: 1224 x
 * 792), "executive", "half-letter", a0 to a10, b0 to b10, c2 to c8, and
 * libpaper's others (maze_paper_name_at() lists them all); or a custom
 * size "WxH" with a unit ("8.5x11in", "210x297mm", "21x29.7cm",
 * "400x600pt", in any case), into points as the name has them: all
 * portrait but ledger.
 * Errors: MAZE_ERR_INVALID (syntax, unknown name or unit), MAZE_ERR_RANGE
 * (a side under 1 inch or over 200 inches, the PDF limit).
 */
int maze_paper_parse(const char *text, double *width, double *height);

/*
 * The paper names maze_paper_parse() knows, by index from 0 (synonyms
 * included, in lower case); NULL past the last. For listing them, e.g.
 * in shell completions.
 */
const char *maze_paper_name_at(size_t index);

#ifdef __cplusplus
}
#endif

#endif
