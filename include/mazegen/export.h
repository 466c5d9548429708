/* SPDX-License-Identifier: MIT */
/*
 * Exporters: a maze (and optionally its solution) to text, PNG, SVG or PDF,
 * or to a wall-graph file ("json") that load.h reads back, written through
 * a sink. The formats are listed by a registry; look them up by name or by
 * a file name's extension.
 *
 * The library writes only to the sink it is given. Writing to a file is the
 * caller's business (the mazegen command writes to a temporary file and
 * renames it into place on success).
 */
#ifndef MAZEGEN_EXPORT_H
#define MAZEGEN_EXPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mazegen/maze.h>
#include <mazegen/solve.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Where output goes. write() returns 0 when all len bytes were taken and
 * non-zero on failure; the exporter then stops and returns MAZE_ERR_IO.
 */
struct maze_sink {
    int (*write)(void *ctx, const void *data, size_t len);
    void *ctx;
};

enum maze_format_flags {
    MAZE_FORMAT_TEXT = 1u << 0,
    MAZE_FORMAT_RASTER = 1u << 1,
    MAZE_FORMAT_VECTOR = 1u << 2,
    MAZE_FORMAT_PAGED = 1u << 3,
    /* Not a drawing but the maze itself, for programs (and load.h). */
    MAZE_FORMAT_DATA = 1u << 4,
};

struct maze_format_info {
    const char *name;
    /* File extensions without the dot, NULL-terminated. */
    const char *const *extensions;
    const char *description;
    unsigned flags;
};

size_t maze_format_count(void);
const struct maze_format_info *maze_format_at(size_t index);
/* By exact name, or NULL. */
const struct maze_format_info *maze_format_find(const char *name);
/* By the extension of a file name (case-insensitive), or NULL. */
const struct maze_format_info *maze_format_for_path(const char *path);

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
 * Parses "12", "12pt", "2.5mm", "0.5in", "10px" (a positive decimal, no
 * locale, optional unit; no unit means default_unit).
 * Errors: MAZE_ERR_INVALID (syntax or unknown unit), MAZE_ERR_RANGE.
 */
int maze_length_parse(const char *text, enum maze_unit default_unit,
                      struct maze_length *out);

/*
 * How the text format draws: ASCII "+--+" and "|", UTF-8 box drawing, or
 * the classic "|_" of early console programs, where each cell is one
 * column of floor ('_' when walled to the south) and one of east wall
 * ('|'). The underscore style marks start and finish by their openings
 * only and draws no solution (MAZE_ERR_UNSUPPORTED with one, or for a 3D
 * maze).
 */
enum maze_charset {
    MAZE_CHARSET_ASCII = 0,
    MAZE_CHARSET_UTF8,
    MAZE_CHARSET_UNDERSCORE,
};

/*
 * How a sheet shows the answers (see struct maze_sheet_options).
 */
enum maze_answers {
    MAZE_ANSWERS_NONE = 0,  /* puzzles only */
    MAZE_ANSWERS_END,       /* an answer-key section after the puzzles */
    MAZE_ANSWERS_SAME_PAGE, /* a small key on each puzzle's own page */
    MAZE_ANSWERS_ONLY,      /* the answer keys alone (a separate key file) */
};

/* Page sizes in points (1/72 in), portrait. */
#define MAZE_LETTER_WIDTH 612.0
#define MAZE_LETTER_HEIGHT 792.0
#define MAZE_A4_WIDTH (210 / 25.4 * 72)
#define MAZE_A4_HEIGHT (297 / 25.4 * 72)
#define MAZE_LEGAL_WIDTH 612.0
#define MAZE_LEGAL_HEIGHT 1008.0

/*
 * A printable puzzle sheet: one or more mazes per page of paper, each in an
 * equal slot with its number, a footer naming its size, algorithm and seed,
 * and clear start and finish arrows; a title, optional instructions and a
 * Name / Date line on puzzle pages; page numbers on documents of several
 * pages; and answer keys as asked. Zero members select the defaults.
 */
/* An empty struct maze_sheet_options: its struct_size set, every other
 * member zero (the defaults). */
/* The sides of a page a bleed adds to. */
enum maze_bleed_edges {
    /* The top, the bottom and the outer side: the right of odd pages
     * (rectos, page 1 first), the left of even ones (versos); none at
     * the spine. A 6 x 9 in page with 0.125 in is 6.125 x 9.25 in. */
    MAZE_BLEED_OUTER = 0,
    /* All four sides (6.25 x 9.25 in). */
    MAZE_BLEED_ALL = 1,
};

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
};

/*
 * Parses a paper name, in any case: "letter", "a4", "legal", "a3", "a5",
 * "b5", "tabloid", "ledger" (tabloid's size), "executive", "half-letter",
 * or a custom size "WxH" with a unit ("8.5x11in", "210x297mm",
 * "21x29.7cm", "400x600pt"), into portrait points.
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

/* What an SVG drawing has behind it. */
enum maze_background {
    MAZE_BACKGROUND_DEFAULT = 0, /* none for a maze, white for a sheet */
    MAZE_BACKGROUND_WHITE,       /* a white rectangle the page's size */
    MAZE_BACKGROUND_NONE,        /* transparent */
};

/* The longest id prefix struct maze_svg_options takes. */
#define MAZE_ID_PREFIX_MAX 64

/*
 * How an SVG is written. Every SVG mazegen writes can be inlined in HTML
 * with others: each id in it begins with a prefix of its own (ids and
 * references alike), the root has role="img" and aria-labelledby its
 * <title>, which names the maze. The layers carry classes: mazegen-walls,
 * mazegen-solution (a group, and an Inkscape layer), mazegen-start,
 * mazegen-finish, and on a sheet mazegen-text, holding the page's text
 * and rules. Zero members select the defaults.
 */
/* An empty struct maze_svg_options: its struct_size set, every other
 * member zero (the defaults). */
#define MAZE_SVG_OPTIONS_INIT                                                  \
    {                                                                          \
        .struct_size = sizeof(struct maze_svg_options)                         \
    }

struct maze_svg_options {
    /*
     * sizeof(struct maze_svg_options) as the caller was compiled; set it with
     * MAZE_SVG_OPTIONS_INIT (or to sizeof yourself). The library reads
     * only the members the caller has, so programs built against older
     * headers keep working when members are added (version.h).
     */
    size_t struct_size;
    /*
     * The ids' prefix (see maze_id_prefix_valid()); NULL means "m" and 12
     * hexadecimal digits of a hash of the document, so documents that
     * differ get different prefixes and the same bytes come out each time.
     */
    const char *id_prefix;
    enum maze_background background;
    /* Walls as long strokes in an order that keeps a pen plotter's (or a
     * laser cutter's) travel between them short. */
    bool plotter;
};

/*
 * Whether s may prefix SVG ids: 1 to MAZE_ID_PREFIX_MAX ASCII characters,
 * a letter or '_' first, then letters, digits, '_', '-' or '.' (an XML
 * name without a colon, which CSS selects without escapes when it has no
 * '.').
 */
bool maze_id_prefix_valid(const char *s);

/* An empty struct maze_export_options: its struct_size set, every other
 * member zero (the defaults). */
#define MAZE_EXPORT_OPTIONS_INIT                                               \
    {                                                                          \
        .struct_size = sizeof(struct maze_export_options)                      \
    }

struct maze_export_options {
    /*
     * sizeof(struct maze_export_options) as the caller was compiled; set it
     * with MAZE_EXPORT_OPTIONS_INIT (or to sizeof yourself). The library reads
     * only the members the caller has, so programs built against older
     * headers keep working when members are added (version.h).
     */
    size_t struct_size;
    /* Size of a cell; defaults 10px (raster) or 12pt (vector); on a sheet
     * the largest that fits. */
    struct maze_length cell_size;
    /* Thickness of walls; default depends on the cell size. */
    struct maze_length wall_width;
    /* Blank space around the maze, where the start and finish arrows
     * go; default a cell, or 12pt when cells are smaller (at the dpi for
     * PNG), 0.5in around a sheet. MAZE_LENGTH_NONE: no margin, and the
     * ends are marked inside their cells. */
    struct maze_length margin;
    /* Raster resolution, stored in PNG pHYs; 0 means 96. */
    unsigned dpi;
    enum maze_charset charset;
    /*
     * NULL: the page is the maze and its margin. Otherwise PDF, SVG and PNG
     * draw the maze as a one-puzzle sheet (see maze_export_sheet()); the
     * "sheet" format always does, on letter paper when this is NULL.
     */
    const struct maze_sheet_options *sheet;
    /* The solution to draw, or NULL for none. */
    const struct maze_path *solution;
    /* SVG only (a maze or a sheet's page); NULL for the defaults. Other
     * formats ignore it. */
    const struct maze_svg_options *svg;
    /* The "blocks" format only: the characters of wall, floor, start and
     * finish blocks (see maze_blocks_valid()); NULL for
     * MAZE_BLOCKS_DEFAULT. */
    const char *blocks;
    /*
     * PNG only (a maze, a sheet's page, a stream): the threads that
     * deflate the image while the calling thread draws it; 0 or 1 starts
     * none, and at most 256 are used. The bytes are the same whatever the
     * number.
     */
    unsigned threads;
};

/*
 * Block maps ("blocks", "blocks-csv", "blocks-raw"): a whole rectangle of
 * W x H cells as (2W + 1) x (2H + 1) blocks, row by row; cell (x, y) is
 * block (2x + 1, 2y + 1), blocks on even rows and columns are wall, a
 * block between two cells is floor when their passage is open, and the
 * border is wall but for the openings of start and finish, which are
 * floor. Start and finish cells are marked. "blocks" writes a character
 * a block and a newline after each row; "blocks-csv" the values 0 (wall),
 * 1 (floor), 2 (start), 3 (finish) separated by commas, a row a line;
 * "blocks-raw" those values one byte a block, no separators and no
 * header. A solution is left out; other kinds and masked grids are
 * MAZE_ERR_UNSUPPORTED. They are not read back by load.h.
 */
#define MAZE_BLOCKS_DEFAULT "#.SF"

/*
 * Whether s names the characters of a block map: exactly 4 printable
 * ASCII characters (space included), all different, for wall, floor,
 * start and finish.
 */
bool maze_blocks_valid(const char *s);

/*
 * The size in pixels of the PNG maze_export() (or a streamed export) would
 * write with opt: of grid, or, when grid is NULL, of a width x height
 * rectangle (a streamed maze has no grid). Checked as the export checks
 * it, before any maze is made. Errors: MAZE_ERR_INVALID (NULL sizes),
 * MAZE_ERR_RANGE (a cell too small for its walls, or the image past PNG's
 * or cairo's side limits).
 */
int maze_png_size(const struct maze_grid *grid, uint32_t width, uint32_t height,
                  const struct maze_export_options *opt, uint64_t *px_width,
                  uint64_t *px_height);

/*
 * Writes maze in format to sink.
 * Errors: MAZE_ERR_INVALID (NULL, unknown format, a solution path that is
 * not a path of the maze), MAZE_ERR_RANGE (sizes the format cannot hold, a
 * maze too large for the page), MAZE_ERR_UNSUPPORTED (a grid kind the
 * format cannot draw), MAZE_ERR_IO (the sink failed), MAZE_ERR_BACKEND,
 * MAZE_ERR_NOMEM.
 */
int maze_export(const struct maze *maze, const char *format,
                const struct maze_export_options *opt,
                const struct maze_sink *sink);

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
 * as many pages as it takes), "svg" or "png" (one page only). opt gives
 * the cell size (0: the largest that fits each slot), wall width (never
 * under 0.5pt), margin (default 0.5in), dpi (PNG) and svg (SVG); its sheet and
 * solution members are ignored. PDF metadata: the title, a subject naming
 * the puzzles, creator mazegen and its version, keywords with the seed;
 * the creation date is SOURCE_DATE_EPOCH when set, else 1970-01-01, so the
 * same call gives the same bytes.
 * Errors: MAZE_ERR_INVALID (NULL, no puzzles, an unknown format or one
 * that cannot draw sheets, per_page not 1, 2, 4 or 6, a missing solution
 * where answers are drawn, a title or instructions that are not UTF-8),
 * MAZE_ERR_RANGE (a maze that does not fit its slot at the cell size or
 * at 1pt, margins that leave no room, text that does not fit even shrunk
 * and wrapped (see maze_sheet_text_check()), several pages for SVG or
 * PNG), MAZE_ERR_UNSUPPORTED (grid kind),
 * MAZE_ERR_IO, MAZE_ERR_BACKEND, MAZE_ERR_NOMEM.
 */
int maze_export_sheet(const struct maze_puzzle *puzzles, size_t count,
                      const char *format, const struct maze_export_options *opt,
                      const struct maze_sheet_options *sheet,
                      const struct maze_sink *sink);

/*
 * Releases what the library keeps for the life of the process: the fonts
 * and font configuration sheets set their text in, fontconfig's current
 * configuration when a sheet's text made it load, and cairo's static
 * caches. The process frees them anyway when it ends; this is for leak
 * checkers. Call it last, once no other mazegen call is running or will
 * be made (a sheet drawn after it fails with MAZE_ERR_BACKEND), and after
 * the program's own last use of fontconfig or cairo.
 */
void maze_release(void);

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
 * (0 for other text).
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
