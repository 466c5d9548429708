/* SPDX-License-Identifier: MIT */
/*
 * Sheets: mazes on pages of paper (paper.h), numbered puzzles with a
 * title, instructions and answer keys, drawn by the formats that can
 * (maze_export_sheet(): some every page, some one).
 * Planning fits every maze and every piece of text before a byte is
 * written, so a sheet that does not fit is refused whole.
 */
#ifndef MAZEGEN_SHEET_H
#define MAZEGEN_SHEET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mazegen/maze.h>
#include <mazegen/sink.h>
#include <mazegen/solve.h>
#include <mazegen/units.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The export options (export.h) the sheet functions read. */
struct maze_export_options;

/*
 * How a sheet shows the answers (see struct maze_sheet_options).
 */
enum maze_answers {
    MAZE_ANSWERS_NONE = 0,  /* puzzles only */
    MAZE_ANSWERS_END,       /* an answer-key section after the puzzles */
    MAZE_ANSWERS_SAME_PAGE, /* a small key on each puzzle's own page */
    MAZE_ANSWERS_ONLY,      /* the answer keys alone (a separate key file) */
};

/*
 * A printable puzzle sheet: one or more mazes per page of paper, each in an
 * equal slot with its number, a footer naming its size, algorithm and seed,
 * and clear start and finish arrows; a title, optional instructions and a
 * Name / Date line on puzzle pages; page numbers on documents of several
 * pages; and answer keys as asked. Zero members select the defaults.
 */
/* The sides of a page a bleed adds to. */
enum maze_bleed_edges {
    /* The top, the bottom and the outer side: the right of odd pages
     * (rectos, page 1 first), the left of even ones (versos); none at
     * the spine. A 6 x 9 in page with 0.125 in is 6.125 x 9.25 in. */
    MAZE_BLEED_OUTER = 0,
    /* All four sides (6.25 x 9.25 in). */
    MAZE_BLEED_ALL = 1,
};

/*
 * The fixed words of a sheet a caller may replace, each with its English
 * text; "%s" is where a number goes.
 */
enum maze_sheet_word {
    MAZE_WORD_NAME,    /* "Name" of the Name / Date line */
    MAZE_WORD_DATE,    /* "Date" */
    MAZE_WORD_PUZZLE,  /* "Puzzle %s" over a puzzle */
    MAZE_WORD_ANSWER,  /* "Answer %s" over a key ("Answer" unnumbered) */
    MAZE_WORD_ANSWERS, /* "Answers", the heading of answer pages */
    MAZE_WORD_PAGE,    /* "Page %s of %s": the page, the pages */
    MAZE_WORD_LEVEL,   /* "Level %s" under a level of a 3D maze */
    MAZE_WORD_SEED,    /* "seed %s", the footer of MAZE_FOOTER_SEED */
    MAZE_WORD_COUNT_
};

/*
 * A word of a sheet replaced: text, UTF-8 of characters XML allows (as a
 * title), where "%s" stands for the numbers in their order (at most two
 * for MAZE_WORD_PAGE, one for the other numbered words, none for Name,
 * Date and Answers) and "%%" for a percent sign; any other '%' is
 * MAZE_ERR_INVALID. A numbered word without "%s" is followed by its
 * number ("Labyrinth" prints "Labyrinth 3"; a page "Seite 1/4").
 */
struct maze_sheet_label {
    enum maze_sheet_word word;
    const char *text;
};

/* What a puzzle's footer shows (struct maze_sheet_options.footer). */
enum maze_sheet_footer {
    MAZE_FOOTER_FULL = 0, /* size, algorithm, seed, bias: the maze again */
    MAZE_FOOTER_SEED,     /* "seed N" in the sheet's language */
    MAZE_FOOTER_NONE,     /* nothing */
};

/* The languages of sheets (struct maze_sheet_options.language): their
 * codes ("en", "es", "fr", "de", "pt", "it", "nl", "ar", "he", "ja",
 * "zh"), index from 0, NULL past the last. */
const char *maze_language_at(size_t index);

/* The code of the language name names ("pt_BR.UTF-8" gives "pt", any
 * case), or NULL when no catalogue has it (or name is NULL or ""). */
const char *maze_language_find(const char *name);

/* msgid, an English word or text of sheets (po/mazegen.pot lists them:
 * "Mazes", the default instructions of 3D and weave sheets), in language
 * (as maze_language_find() reads it; NULL for English); msgid itself when
 * the catalogue has no such message or language is not one. Static
 * storage; NULL only for a NULL msgid. */
const char *maze_translate(const char *language, const char *msgid);

/* An empty struct maze_sheet_options: its struct_size set, every other
 * member zero (the defaults). */
#define MAZE_SHEET_OPTIONS_INIT                                                \
    {                                                                          \
        .struct_size = sizeof(struct maze_sheet_options)                       \
    }

struct maze_sheet_options {
    /*
     * sizeof(struct maze_sheet_options) as the caller was compiled; set it with
     * MAZE_SHEET_OPTIONS_INIT (or to sizeof yourself). The library reads
     * only the members the caller has, so programs built against older
     * headers keep working when members are added (version.h).
     */
    size_t struct_size;
    /* The paper in points, portrait; 0 x 0 means US letter. */
    double page_width, page_height;
    /* Turns the paper a quarter (swaps width and height). */
    bool landscape;
    /* Puzzles on each page: 1, 2, 4 or 6; 0 means 1. */
    unsigned per_page;
    /* UTF-8. NULL gives "Maze" (one puzzle) or "Mazes"; "" prints none. */
    const char *title;
    /* UTF-8 text printed under the title, wrapped; NULL or "" for none. */
    const char *instructions;
    /* A "Name ____  Date ____" line for the solver under the title. */
    bool name_line;
    enum maze_answers answers;
    /* MAZE_ANSWERS_SAME_PAGE: print the keys upside down. */
    bool keys_upside_down;
    /* The base seed the puzzles' seeds derive from, written into the
     * document's keywords when has_seed is set. */
    uint64_t seed;
    bool has_seed;
    /* UTF-8, the document's author (PDF metadata); NULL for none. */
    const char *author;
    /*
     * PDF only (others: MAZE_ERR_INVALID). gutter: a binding margin
     * added to the inner side, the left of odd pages and the right of
     * even ones. bleed: the page grows by it beyond the paper (the
     * trim) on the sides bleed_edges says, for a print shop; at most 1
     * inch. 0 for none. Each page's TrimBox is the paper and its
     * BleedBox the whole page.
     */
    struct maze_length gutter, bleed;
    /* Less ink: walls half as thick (cell / 16, never under 0.5pt), a
     * narrower solution line (0.2 of a cell, still twice a wall), and
     * arrows drawn in outline. */
    bool ink_saving;
    /* Where the bleed goes: MAZE_BLEED_OUTER, the default, as bound book
     * interiors have it; MAZE_BLEED_ALL for loose sheets. */
    enum maze_bleed_edges bleed_edges;
    /* Thin crop marks at the trim's corners, in the bleed. */
    bool crop_marks;
    /* SVG and PNG: draw only page `page` (1 = the first) of the document
     * the PDF of these puzzles would be, exactly as the PDF draws it;
     * 0: the document must be one page (otherwise MAZE_ERR_RANGE). A page
     * past the last: MAZE_ERR_RANGE, the detail saying how many there are.
     * PDF ignores it. */
    unsigned page;
    /*
     * The language of the sheet's fixed words (labels, headings, page
     * numbers, captions): a code of maze_language_at(), alone or with a
     * region, encoding or modifier ("pt_BR", "zh_CN.UTF-8"); NULL or ""
     * for English. The library never reads the locale: a program that
     * wants the user's passes it (mazegen's --lang does). Another
     * language: MAZE_ERR_INVALID.
     */
    const char *language;
    /* Words that replace the language's own (label_count of them, a
     * word at most once; NULL and 0 for none): see struct
     * maze_sheet_label. */
    const struct maze_sheet_label *labels;
    size_t label_count;
    /* What each puzzle's footer shows: MAZE_FOOTER_FULL (0) its size,
     * algorithm and seed; MAZE_FOOTER_SEED its seed; MAZE_FOOTER_NONE
     * nothing (its band stays, so the mazes are the same size). */
    enum maze_sheet_footer footer;
};

/* One maze of a sheet. */
struct maze_puzzle {
    const struct maze *maze;
    /* Its solution; needed for the puzzle's answer key. */
    const struct maze_path *solution;
    /* Printed as "Puzzle N"; 0 prints no number. */
    unsigned number;
    /* The difficulty level it was made to ("hard"), shown with its
     * metrics under its answer key; NULL: none named. */
    const char *difficulty;
};

/*
 * Writes count puzzles as a sheet in format: "sheet" or "pdf" (a PDF of
 * as many pages as it takes), "svg" or "png" (one page: the only one, or
 * sheet->page of the PDF's). opt gives
 * the cell size (0: the largest that fits each slot), wall width (never
 * under 0.5pt), margin (default 0.5in), dpi (PNG) and svg (SVG); its sheet and
 * solution members are ignored. PDF metadata: the title, a subject naming
 * the puzzles, creator mazegen and its version, keywords with the seed;
 * the creation date is SOURCE_DATE_EPOCH when set, else 1970-01-01, so the
 * same call gives the same bytes.
 * Errors: MAZE_ERR_INVALID (NULL, no puzzles, an unknown format or one
 * that cannot draw sheets, per_page not 1, 2, 4 or 6, a missing solution
 * where answers are drawn, a title, instructions or author that are not
 * UTF-8 or hold a character XML 1.0 forbids: U+0000 to U+001F but tab,
 * line feed and carriage return, U+FFFE, U+FFFF; the detail names it),
 * MAZE_ERR_RANGE (a maze that does not fit its slot at the cell size or
 * at 1pt, margins that leave no room, text that does not fit even shrunk
 * and wrapped (see maze_sheet_text_check()), several pages for SVG or
 * PNG without sheet->page, a sheet->page past the last), MAZE_ERR_UNSUPPORTED
 * (grid kind), MAZE_ERR_IO, MAZE_ERR_BACKEND, MAZE_ERR_NOMEM.
 */
int maze_export_sheet(const struct maze_puzzle *puzzles, size_t count,
                      const char *format, const struct maze_export_options *opt,
                      const struct maze_sheet_options *sheet,
                      const struct maze_sink *sink);

/* How many pages maze_export_sheet() would write for these puzzles as a
 * PDF (with opt and sheet as given; sheet->page is not read). MAZE_OK and
 * *pages, or the errors of maze_export_sheet() before drawing. */
int maze_sheet_page_count(const struct maze_puzzle *puzzles, size_t count,
                          const struct maze_export_options *opt,
                          const struct maze_sheet_options *sheet,
                          size_t *pages);

/*
 * The largest cell, in points, at which a maze extending width x height
 * grid units fits a puzzle slot of the sheet (with opt's margin).
 * Errors: MAZE_ERR_INVALID (NULL, bad per_page), MAZE_ERR_RANGE (no room).
 */
int maze_sheet_fit(const struct maze_export_options *opt,
                   const struct maze_sheet_options *sheet, double width,
                   double height, double *cell_pt);

/*
 * For --answers same-page sheets: the cell, in points, of the key of a
 * maze extending width x height grid units drawn at cell_pt in its slot
 * (*key_pt), and the least a key may have (*floor_pt): 4pt, or the
 * puzzle's cell when that is smaller. Sheets whose keys fall below it are
 * refused. Errors: MAZE_ERR_INVALID (NULL, answers not same-page, bad
 * sizes), MAZE_ERR_RANGE (the key is below the floor; both are set).
 */
int maze_sheet_key_fit(const struct maze_export_options *opt,
                       const struct maze_sheet_options *sheet, double width,
                       double height, double cell_pt, double *key_pt,
                       double *floor_pt);

/*
 * How many rectangular cells of cell_pt points fit a puzzle slot across
 * and down: the size of maze that fills it.
 * Errors: MAZE_ERR_INVALID (NULL, bad per_page), MAZE_ERR_RANGE (not one
 * cell fits).
 */
int maze_sheet_capacity(const struct maze_export_options *opt,
                        const struct maze_sheet_options *sheet, double cell_pt,
                        uint32_t *width, uint32_t *height);

/*
 * The text of a sheet that does not fit its pages (maze_sheet_text_check()).
 * Text shrinks to a floor, then wraps, before it is refused: titles from
 * 18pt to 10pt in at most two lines, instructions from 10pt to 8pt in at
 * most four, labels and page numbers to 6pt, footers from 6.5pt to 5pt in
 * at most two lines.
 */
enum maze_sheet_text {
    MAZE_SHEET_TEXT_FITS = 0,
    MAZE_SHEET_TEXT_TITLE,        /* the title of puzzle pages */
    MAZE_SHEET_TEXT_HEADING,      /* "TITLE — Answers" on answer pages */
    MAZE_SHEET_TEXT_INSTRUCTIONS, /* the instructions */
    MAZE_SHEET_TEXT_NAME_LINE,    /* the Name / Date line */
    MAZE_SHEET_TEXT_LABEL,        /* "Puzzle N", "Answer N" in a slot */
    MAZE_SHEET_TEXT_PAGE_NUMBER,  /* "Page N of M" */
    MAZE_SHEET_TEXT_FOOTER,       /* a puzzle's footer in its slot */
};

/*
 * Whether the text of a sheet of count puzzles fits its pages, before any
 * maze is made: title, answer heading, instructions, Name / Date line,
 * labels up to "Puzzle count", page numbers, and footer (a typical footer,
 * or NULL to leave footers to maze_export_sheet()). When something does
 * not fit, returns MAZE_ERR_RANGE with *what naming it and *fits (when
 * not NULL) how many characters from the start of the title (on answer
 * pages too, with " — Answers" added) or of the instructions would fit
 * (0 for other text). When the title, the instructions or a label holds
 * a character that none of the sheet's fonts has (it would print as a
 * box), returns MAZE_ERR_INVALID with *what naming the text
 * (MAZE_SHEET_TEXT_TITLE, _INSTRUCTIONS or _LABEL) and a detail naming
 * the characters; every sheet export refuses such text the same way.
 * Errors: MAZE_ERR_INVALID (NULL what, bad options), MAZE_ERR_RANGE,
 * MAZE_ERR_NOMEM, MAZE_ERR_BACKEND (no fonts).
 */
int maze_sheet_text_check(const struct maze_export_options *opt,
                          const struct maze_sheet_options *sheet, size_t count,
                          const char *footer, enum maze_sheet_text *what,
                          size_t *fits);

#ifdef __cplusplus
}
#endif

#endif
