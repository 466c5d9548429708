/*
 * What the files of a sheet share and nothing else uses: the bands and
 * type sizes of a page (one list, so planning reserves exactly the room
 * that drawing fills), the frame of a page, and the type helpers. The
 * files depend one way: sheet_plan.c on sheet_frame.c, sheet_frame.c and
 * sheet_draw.c on sheet_text.c; formats see only sheet.h.
 */
#ifndef MAZE_EXPORT_SHEET_IMPL_H
#define MAZE_EXPORT_SHEET_IMPL_H

#include <stdbool.h>
#include <stddef.h>

#include <cairo.h>

#include "export/sheet.h"

/* Heading bands and type sizes. */
#define MAZE__SHEET_TITLE_PT 18.0
#define MAZE__SHEET_TITLE_BAND 30.0
#define MAZE__SHEET_NAME_PT 10.0
#define MAZE__SHEET_NAME_BAND 24.0
#define MAZE__SHEET_TEXT_PT 10.0
#define MAZE__SHEET_TEXT_LINE 13.0
#define MAZE__SHEET_TEXT_GAP 8.0
#define MAZE__SHEET_MAX_LINES 4u
/* The page number, under the slots. */
#define MAZE__SHEET_PAGE_PT 8.0
#define MAZE__SHEET_PAGE_BAND 16.0
/* Between slots, and the bands of a slot. */
#define MAZE__SHEET_GAP 14.0
#define MAZE__SHEET_LABEL_PT 10.0
#define MAZE__SHEET_LABEL_BAND 15.0
#define MAZE__SHEET_KEY_LABEL_PT 8.0
#define MAZE__SHEET_KEY_LABEL_BAND 12.0
#define MAZE__SHEET_FOOTER_PT 6.5
#define MAZE__SHEET_FOOTER_BAND 10.0
/* Free space round a maze for the arrows, in cells. */
#define MAZE__SHEET_ROOM 1.0

/* The page's geometry, which the mazes do not change. */
struct maze__sheet_frame {
    double width, height, margin;
    /* Where the puzzle slots go, where the keys of a same-page sheet go,
     * and where the slots of an answer-key page go. */
    struct maze__box puzzles, strip, keys;
    bool wide;
    unsigned per_page;
    /* Requested sizes in points, 0 for "fit". */
    double cell, wall;
};

/* ---- sheet_text.c ------------------------------------------------------ */

/*
 * Selects the type. Metrics are unhinted so that text measured while
 * planning (on a scratch image surface) has exactly the width it is drawn
 * with on a PDF, SVG or PNG page.
 */
void maze__sheet_set_font(cairo_t *cr, double size, bool bold);

/* The advance of s in the current type. */
double maze__sheet_text_width(cairo_t *cr, const char *s);

/* Draws s with its left end at x, or centred on x, on baseline y. */
void maze__sheet_show(cairo_t *cr, const char *s, double x, double y,
                      bool centred);

/*
 * Wraps the instructions to width: greedy, at spaces, at newlines, and
 * inside a word too long for a line. Fills sh->text (a copy, with control
 * characters turned into spaces; maze__sheet_finish() frees it) and the
 * line table. MAZE_ERR_RANGE when more than MAZE__SHEET_MAX_LINES lines
 * are needed, MAZE_ERR_NOMEM.
 */
int maze__sheet_wrap(cairo_t *cr, struct maze__sheet *sh, const char *src,
                     double width);

/* ---- sheet_frame.c ----------------------------------------------------- */

/*
 * Resolves the options and the page's bands into f and sh (title, wrapped
 * instructions). Needs a cairo_t only to measure the instructions.
 * Errors: MAZE_ERR_INVALID, MAZE_ERR_RANGE, MAZE_ERR_NOMEM; sh->text may
 * be set either way.
 */
int maze__sheet_frame_plan(const struct maze_export_options *opt,
                           const struct maze_sheet_options *so, bool raster,
                           size_t count, struct maze__sheet *sh,
                           struct maze__sheet_frame *f);

/* Slot k of n equal slots filling area, row by row. */
struct maze__box maze__sheet_slot_box(struct maze__box area, unsigned n,
                                      bool wide, unsigned k);

/* The maze's part of a slot: without the label and footer bands. */
struct maze__box maze__sheet_maze_area(struct maze__box box, bool key);

/* The largest cell at which a maze of w x h grid units fits area. */
double maze__sheet_fit_cell(struct maze__box area, double w, double h);

#endif
