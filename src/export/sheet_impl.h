/* SPDX-License-Identifier: MIT */
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

/* Type sizes, the floors they shrink to before wrapping, and bands. The
 * title band grows to hold a title of two lines or of taller script. */
#define MAZE__SHEET_TITLE_PT 18.0
#define MAZE__SHEET_TITLE_FLOOR 10.0
#define MAZE__SHEET_TITLE_LINES 2u
#define MAZE__SHEET_TITLE_BAND 30.0
#define MAZE__SHEET_TITLE_GAP 8.0
#define MAZE__SHEET_NAME_PT 10.0
#define MAZE__SHEET_NAME_FLOOR 7.0
#define MAZE__SHEET_NAME_BAND 24.0
#define MAZE__SHEET_TEXT_PT 10.0
#define MAZE__SHEET_TEXT_FLOOR 8.0
#define MAZE__SHEET_TEXT_GAP 8.0
#define MAZE__SHEET_MAX_LINES 4u
/* The page number, under the slots. */
#define MAZE__SHEET_PAGE_PT 8.0
#define MAZE__SHEET_PAGE_BAND 16.0
/* Between slots, and the bands of a slot: the label's band above the
 * maze area and the footer's under it, which holds two lines at its
 * floor. */
#define MAZE__SHEET_GAP 14.0
#define MAZE__SHEET_LABEL_PT 10.0
#define MAZE__SHEET_LABEL_BAND 13.0
#define MAZE__SHEET_KEY_LABEL_PT 8.0
#define MAZE__SHEET_KEY_LABEL_BAND 12.0
#define MAZE__SHEET_FOOTER_PT 6.5
#define MAZE__SHEET_FOOTER_FLOOR 5.0
#define MAZE__SHEET_FOOTER_LINES 2u
#define MAZE__SHEET_FOOTER_BAND 12.0
/* Between the title and the word "Answers" in the heading of answer
 * pages, when a caller gave that word. */
#define MAZE__SHEET_DASH " \xe2\x80\x94 "

/* How each piece of text is fitted (sheet_frame.c). Labels and page
 * numbers shrink to 6pt and never wrap. */
extern const struct maze__text_rule maze__sheet_title_rule,
    maze__sheet_text_rule, maze__sheet_label_rule, maze__sheet_key_label_rule,
    maze__sheet_page_rule, maze__sheet_footer_rule, maze__sheet_options_rule;

/* The page's geometry, which the mazes do not change. */
struct maze__sheet_frame {
    double width, height, margin, gutter, bleed;
    /* Where the puzzle slots go, where the keys of a same-page sheet go,
     * and where the slots of an answer-key page go. */
    struct maze__box puzzles, strip, keys;
    bool wide;
    unsigned per_page;
    /* Requested sizes in points, 0 for "fit". */
    double cell, wall;
};

/* ---- sheet_fonts.c ----------------------------------------------------- */

/* The size, in points, all text is set at and then scaled from. */
#define MAZE__TYPE_NOMINAL 16.0

/* The fonts and the Pango context (one for the process, see
 * sheet_fonts.c). Errors: MAZE_ERR_NOMEM, MAZE_ERR_BACKEND. */
int maze__type_create(struct maze__type **out);

/* Frees t; accepts NULL. */
void maze__type_destroy(struct maze__type *t);

/* Releases the fonts, for a leak checker's sake: only as the process
 * ends, with no sheet in use in any thread; no text can be set after. */
void maze__type_release(void);

/* Held around every use of a layout: the fonts are shared by all sheets
 * of all threads. */
void maze__type_lock(void);
void maze__type_unlock(void);

/* A PangoLayout (named by its tag, keeping Pango's headers out of this one) of
 * text in the sheet's families at MAZE__TYPE_NOMINAL, with Arabic and
 * Hebrew runs in their own faces; the caller unrefs it. */
struct _PangoLayout *maze__type_layout(struct maze__type *t, const char *text,
                                       bool bold);

/* The characters of text that no family has (Pango would draw each as a
 * box holding its code point), each once, in order: the first max of
 * them in out, and how many there are. bold: as the title is set. */
size_t maze__type_missing(struct maze__type *t, const char *text, bool bold,
                          uint32_t *out, size_t max);

/* Whether text reads right to left: its first letter is Arabic or Hebrew
 * (Pango's base direction). */
bool maze__type_rtl(const char *text);

/* ---- sheet_text.c ------------------------------------------------------ */

/* How a piece of text is fitted: its size, the floor it shrinks to,
 * the lines it may wrap to, and the height it may take (0: any). A
 * paragraph wraps before it shrinks; anything else shrinks first. */
struct maze__text_rule {
    double size, floor;
    unsigned lines;
    bool bold, paragraph;
    double max_height;
    /* Lines break at spaces only, never after a hyphen within a word:
     * a footer's options ("--braid=0.5") stay whole, to be typed back. */
    bool words;
};

/*
 * Fits text into width by rule r: at r->size when it fits on one line,
 * else the largest size down to r->floor (in quarter points) at which it
 * takes one line, else the largest at which it wraps to at most r->lines
 * (a paragraph: straight to that). MAZE_ERR_RANGE when even the floor
 * does not do.
 */
int maze__text_fit(struct maze__type *t, const char *text,
                   const struct maze__text_rule *r, double width,
                   struct maze__text *out);

/* How far below the top of text set on one line at size its baseline is
 * (taller for Arabic, set in its own face). */
double maze__text_baseline(struct maze__type *t, const char *text, bool bold,
                           double size);

/* The width of text set on one line at size. */
double maze__text_width(struct maze__type *t, const char *text, bool bold,
                        double size);

/* How many characters from the start of text, followed by suffix, fit
 * that way. */
size_t maze__text_fits_chars(struct maze__type *t, const char *text,
                             const char *suffix,
                             const struct maze__text_rule *r, double width);

/*
 * Draws text as fitted in the column [x, x + width], the top of its first
 * line at y: centred, or at the start of its direction (the right for
 * Arabic and Hebrew).
 */
void maze__text_draw(struct maze__type *t, cairo_t *cr, const char *text,
                     bool bold, const struct maze__text *fit, double x,
                     double y, double width, bool centred);

/* ---- sheet_frame.c ----------------------------------------------------- */

/*
 * Resolves the options and the page's bands into f and sh: the fonts, the
 * title, answer heading, instructions, Name / Date line and page numbers
 * fitted to the page, and the bands they take. Errors: MAZE_ERR_INVALID,
 * MAZE_ERR_RANGE (sh->failed says which text, if text), MAZE_ERR_NOMEM,
 * MAZE_ERR_BACKEND; what sh holds is freed by maze__sheet_finish() either
 * way.
 */
int maze__sheet_frame_plan(const struct maze_export_options *opt,
                           const struct maze_sheet_options *so, bool raster,
                           size_t count, struct maze__sheet *sh,
                           struct maze__sheet_frame *f);

/* Slot k of n equal slots filling area, row by row. */
struct maze__box maze__sheet_slot_box(struct maze__box area, unsigned n,
                                      bool wide, unsigned k);

/*
 * Fits the label of a slot (and the footer of a puzzle's) to its width.
 * Errors: MAZE_ERR_RANGE (sh->failed says which).
 */
int maze__sheet_fit_slot_text(struct maze__sheet *sh, struct maze__slot *s,
                              const char *footer);

/* ---- sheet_words.c ----------------------------------------------------- */

/* Resolves sh->lang and sh->words from sh->so: the catalogue of its
 * language, the caller's words checked. Errors: MAZE_ERR_INVALID (an
 * unknown language, a word that is not UTF-8 or XML text, a '%' other
 * than %s and %%, more %s than the word has numbers), with a detail. */
int maze__sheet_words_plan(struct maze__sheet *sh);

/* The key --label names word w by ("name", "seed"). */
const char *maze__sheet_word_name(enum maze_sheet_word w);

/*
 * Word w of the sheet into buf (size bytes, always terminated), its
 * numbers (nargs of them, as text) in place of its "%s"; a caller's word
 * without "%s" is followed by them ("Labyrinth 3", "Seite 1/4").
 */
void maze__sheet_word(const struct maze__sheet *sh, enum maze_sheet_word w,
                      const char *const *args, size_t nargs, char *buf,
                      size_t size);

/* The answer pages' heading after title (NULL or "": the word alone), in
 * the sheet's language, into buf. */
void maze__sheet_answers_heading(const struct maze__sheet *sh,
                                 const char *title, char *buf, size_t size);

/* What a puzzle's footer says by so.footer: its description, its seed,
 * or "". */
void maze__sheet_footer(const struct maze__sheet *sh, const struct maze *maze,
                        char *buf, size_t size);

/* The maze's part of a slot: without the label and footer bands. */
struct maze__box maze__sheet_maze_area(struct maze__box box, bool key);

/* The free space round a puzzle's maze drawn with cells of `cell`, for
 * its arrows (maze__marker_room()); round a key's, a cell, so a key
 * stays as large as its slot allows (it marks its ends with discs when
 * arrows do not fit). */
double maze__sheet_room(double cell, bool key);

/* The largest cell at which a maze of w x h grid units, with its free
 * space round it, fits area. */
double maze__sheet_fit_cell(struct maze__box area, double w, double h,
                            bool key);

#endif
