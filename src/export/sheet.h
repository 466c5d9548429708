/* SPDX-License-Identifier: MIT */
/*
 * Puzzle sheets: mazes laid out on pages of paper with titles, numbers,
 * provenance footers and answer keys. Planning (which maze goes in which
 * slot of which page, and how large) is done once, before any output, so a
 * maze that cannot fit is refused without writing a byte; drawing a page
 * then takes a cairo_t, so PDF (many pages), SVG and PNG (one page) share
 * every line of it, and the tests can paint a page onto an image surface.
 * Planning is sheet_plan.c (on the frame of sheet_frame.c), drawing
 * sheet_draw.c; they share sheet_impl.h.
 *
 * Every length is in points (1/72 in), y growing downwards.
 */
#ifndef MAZE_EXPORT_SHEET_H
#define MAZE_EXPORT_SHEET_H

#include <stdbool.h>
#include <stddef.h>

/* cairo's types by their tags (a repeated typedef is C11), keeping its
 * headers out of this one: a core build (no drawing) plans no sheet but
 * still names them. */
typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;

#include "export/common.h"

struct maze__po_lang;

struct maze__box {
    double x, y, w, h;
};

/* A piece of text as planned: the size it is set in, the lines it takes
 * in its width, and their height. */
struct maze__text {
    double size;
    unsigned lines;
    double height;
    /* Broken between words only (maze__text_rule.words). */
    bool words;
};

/* The fonts and Pango context of a sheet (sheet_fonts.c). */
struct maze__type;

/* One maze on a page: a puzzle, or an answer key with its solution. */
struct maze__slot {
    const struct maze_puzzle *puzzle;
    struct maze__box box;
    /* The grid point (0, 0), points per grid unit, wall thickness. */
    double x, y, cell, wall;
    /* An answer key: labelled "Answer", with no provenance footer. */
    bool key;
    /* The solution is drawn (on every key, and on a single maze given
     * one). */
    bool solved;
    /* Drawn a half turn round, for keys printed upside down. */
    bool rotated;
    /* Drawn to save ink (maze_sheet_options.ink_saving). */
    bool ink_saving;
    /* The sheet it is on (its words and type). */
    const struct maze__sheet *sheet;
    /* The label ("Puzzle 3") and the footer (a puzzle's provenance, a
     * key's caption), as fitted to the slot's width; the label's left
     * end. */
    struct maze__text label, footer;
    double label_x;
    /* The label's width (it is drawn in [label_x, label_x + label_w]). */
    double label_w;
    /* A key's caption: its difficulty and metrics, or "" when the slot
     * is too narrow even for the short one. */
    char caption[320];
};

struct maze__sheet_page {
    size_t first, count; /* its slots */
    bool keys;           /* an answer-key page (no instructions) */
    /* Where the answer strip of a same-page sheet begins, or 0. */
    double strip_y;
};

struct maze__sheet {
    /* The paper, after orientation, and its margin. */
    double width, height, margin;
    /* The binding margin (added on the inner side: the left of odd pages,
     * the right of even ones) and the bleed round the paper, in points. */
    double gutter, bleed;
    /* What the caller asked for, defaults filled in (title never NULL). */
    struct maze_sheet_options so;
    const char *title;
    /* The language's catalogue, and each fixed word as printed: the
     * caller's, or the catalogue's (maze__sheet_word() fills them in). */
    const struct maze__po_lang *lang;
    const char *words[MAZE_WORD_COUNT_];
    /* The heading of answer pages ("TITLE — Answers"), and the
     * instructions with control characters made spaces (or NULL). */
    char *heading, *text;
    /* The fonts, shared by planning and drawing. */
    struct maze__type *type;
    /* The type of the page's text as fitted, and the height of the title
     * band of puzzle pages and of answer pages. */
    struct maze__text title_fit, heading_fit, text_fit, name_fit, page_fit;
    double title_band, heading_band;
    /* What did not fit, when planning failed with MAZE_ERR_RANGE for
     * text (MAZE_SHEET_TEXT_FITS otherwise). */
    enum maze_sheet_text failed;
    /* The puzzles (for metadata). */
    const struct maze_puzzle *puzzles;
    size_t count;
    struct maze__sheet_page *pages;
    size_t page_count;
    struct maze__slot *slots;
    size_t slot_count;
};

/*
 * Plans the sheet. opt supplies cell size, wall width and margin (NULL
 * members select the defaults); opt->dpi converts px lengths when raster
 * is set. Errors: as maze_export_sheet(). On error nothing is left to free.
 */
int maze__sheet_plan(const struct maze_puzzle *puzzles, size_t count,
                     const struct maze_export_options *opt,
                     const struct maze_sheet_options *so, bool raster,
                     struct maze__sheet *out);

/*
 * Plans a single maze as a one-puzzle sheet: sheet options from
 * opt->sheet (the defaults when NULL), its solution drawn on the puzzle
 * itself when opt->solution is set. *puzzle is filled in for the sheet to
 * point to, so it must outlive out. Errors: as maze__sheet_plan().
 */
int maze__sheet_plan_maze(const struct maze *maze,
                          const struct maze_export_options *opt, bool raster,
                          struct maze_puzzle *puzzle, struct maze__sheet *out);

/*
 * The page (from 0) a one-page format (SVG, PNG) draws: so.page - 1, or
 * the only page when so.page is 0. Errors: MAZE_ERR_RANGE, the detail
 * saying how many pages there are (several with so.page 0, or fewer than
 * so.page).
 */
int maze__sheet_page_pick(const struct maze__sheet *sheet, size_t *page);

/* Frees what maze__sheet_plan() allocated. */
void maze__sheet_finish(struct maze__sheet *sheet);

/* Where page `page`'s paper (the trim) begins across its PDF page: 0
 * where its bleed is on the right only, else the bleed. */
double maze__sheet_trim_x(const struct maze__sheet *sheet, size_t page);
/* The width of a PDF page: the paper and its bleed. */
double maze__sheet_media_width(const struct maze__sheet *sheet);

/*
 * Draws page `page` (from 0) onto cr, whose user space is the page in
 * points; paints no background. Errors stay in cairo_status(cr), or come
 * back as MAZE_ERR_NOMEM or MAZE_ERR_INVALID (a solution that is not a
 * path of its maze).
 */
int maze__sheet_draw_page(cairo_t *cr, const struct maze__sheet *sheet,
                          size_t page);

/*
 * Draws what maze__sheet_draw_page() draws but the mazes themselves: the
 * text and rules of the page, the labels and footers of its slots (for
 * SVG, which writes the mazes as classed layers of its own).
 */
int maze__sheet_draw_text(cairo_t *cr, const struct maze__sheet *sheet,
                          size_t page);

/* Where slot s's maze lands, as maze__draw_maze() takes it. */
struct maze__page;
void maze__sheet_slot_page(const struct maze__slot *s, struct maze__page *pg);

/*
 * Draws page `page` on white onto a new RGB24 image surface of the page's
 * size at dpi pixels per inch, for raster output; the caller destroys it.
 * Errors: MAZE_ERR_RANGE (an image larger than cairo's 32767 pixels a
 * side), MAZE_ERR_NOMEM, and those of maze__sheet_draw_page().
 */
int maze__sheet_raster(const struct maze__sheet *sheet, size_t page,
                       unsigned dpi, cairo_surface_t **out);

/* The label of a slot: "Puzzle 3", "Answer 3", "Answer" or "", in the
 * sheet's language. */
void maze__sheet_label(const struct maze__sheet *sh, const struct maze__slot *s,
                       char *buf, size_t size);

/* The name of a level (grid label lb, "Level 2") in the sheet's
 * language, or as its caller worded it; other labels as they are. */
struct maze__label;
void maze__sheet_level_name(const struct maze__sheet *sheet,
                            const struct maze__label *lb, char *buf,
                            size_t size);

/* The size, at most size, at which a grid's label text keeps within
 * width (its band's). */
double maze__sheet_label_size(const struct maze__sheet *sheet, const char *text,
                              double size, double width);

/* Sets a grid's label text in the sheet's type, bold, at size points (or
 * smaller, to keep within width, its band's), centred on x with its
 * capitals' middle at y. */
void maze__sheet_set_label(const struct maze__sheet *sheet, cairo_t *cr,
                           const char *text, double x, double y, double size,
                           double width);

/* The document's title and subject, for metadata. */
void maze__sheet_subject(const struct maze__sheet *sheet, char *buf,
                         size_t size);

#endif
