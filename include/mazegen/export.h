/* SPDX-License-Identifier: MIT */
/*
 * Exporters: a maze (and optionally its solution) to text, PNG, SVG or PDF,
 * or to a wall-graph file ("json") that load.h reads back, written through
 * a sink. The formats are listed by a registry; look them up by name or by
 * a file name's extension.
 *
 * The library writes only to the sink it is given (sink.h). Lengths are
 * in units.h, paper in paper.h and sheets of puzzles in sheet.h, which
 * this header includes, so a program including export.h has them all.
 */
#ifndef MAZEGEN_EXPORT_H
#define MAZEGEN_EXPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mazegen/maze.h>
#include <mazegen/paper.h>
#include <mazegen/sheet.h>
#include <mazegen/sink.h>
#include <mazegen/solve.h>
#include <mazegen/units.h>

#ifdef __cplusplus
extern "C" {
#endif

enum maze_format_flags {
    MAZE_FORMAT_TEXT = 1u << 0,
    MAZE_FORMAT_RASTER = 1u << 1,
    MAZE_FORMAT_VECTOR = 1u << 2,
    MAZE_FORMAT_PAGED = 1u << 3,
    /* Not a drawing but the maze itself, for programs (and load.h). */
    MAZE_FORMAT_DATA = 1u << 4,
};

/*
 * What a format draws (maze_format_info.draws), so that a program can
 * tell before making a maze whether the format will take it.
 */
enum maze_format_draws {
    /* Whole rectangles (kind "rect" without a mask). */
    MAZE_DRAWS_RECT = 1u << 0,
    /* Every other kind, and masked grids. */
    MAZE_DRAWS_ANY_GRID = 1u << 1,
    /* Unmasked grids of levels joined by stairs (kind "3d"), each level
     * drawn on its own (MAZE_DRAWS_ANY_GRID includes them). */
    MAZE_DRAWS_LEVELS = 1u << 2,
    /* A whole rectangle given row by row: maze_stream_export(). */
    MAZE_DRAWS_ROWS = 1u << 3,
    /* A lone maze, the page being the maze and its margin (without
     * maze_export_options.sheet). A format without it draws every maze as
     * a sheet. */
    MAZE_DRAWS_LONE = 1u << 4,
    /* Sheets (maze_export_sheet(), maze_export_options.sheet). */
    MAZE_DRAWS_SHEET = 1u << 5,
    /* Sheets of several pages; a format with MAZE_DRAWS_SHEET only holds
     * one page. */
    MAZE_DRAWS_PAGES = 1u << 6,
    /* A gutter and a bleed (maze_sheet_options), for bound and trimmed
     * paper. */
    MAZE_DRAWS_TRIM = 1u << 7,
    /* The solution (maze_export_options.solution); without it a solution
     * is left out. */
    MAZE_DRAWS_SOLUTION = 1u << 8,
};

/*
 * The members of struct maze_export_options a format reads
 * (maze_format_info.reads); it ignores the others.
 */
enum maze_format_reads {
    MAZE_READS_CELL_SIZE = 1u << 0,
    MAZE_READS_WALL_WIDTH = 1u << 1,
    MAZE_READS_MARGIN = 1u << 2,
    MAZE_READS_DPI = 1u << 3,
    MAZE_READS_CHARSET = 1u << 4,
    MAZE_READS_SVG = 1u << 5,
    MAZE_READS_BLOCKS = 1u << 6,
    MAZE_READS_THREADS = 1u << 7,
};

/*
 * A format's memory model: what drawing holds at once beside the maze
 * and its solution path, in bytes, upper bounds measured and rounded up
 * (docs/performance.md), for estimating a run before it is made. Drawing
 * from rows (rect_per_cell 0) holds a few rows of the image, plus
 * solution_per_cell when a solution is drawn.
 */
struct maze_format_memory {
    /* Per cell of a whole rectangle: its layout, merged along lattice
     * lines, and what the drawing backend keeps of it; 0 when drawn
     * from rows. */
    uint32_t rect_per_cell;
    /* Per wall drawn on any other grid (the layout's runs and what the
     * backend keeps), or per wall of a band when band_bytes is set. */
    uint32_t per_wall;
    /* Whether the backend keeps runs rather than walls: fewer where sides
     * line up or curve as one arc. */
    bool keeps_runs;
    /* Any grid but a whole rectangle drawn in bands of about this many
     * bytes of pixels, never whole; 0: drawn whole. */
    uint32_t band_bytes;
    /* Per cell, when a solution is drawn from rows. */
    uint32_t solution_per_cell;
    /* Per deflating thread (maze_export_options.threads, one when it
     * starts none); 0 for a format without threads. */
    uint32_t per_thread;
};

struct maze_format_info {
    const char *name;
    /* File extensions without the dot, NULL-terminated. */
    const char *const *extensions;
    const char *description;
    unsigned flags;
    /* What it draws: enum maze_format_draws bits. */
    unsigned draws;
    /* What it reads of struct maze_export_options: enum maze_format_reads
     * bits. */
    unsigned reads;
    /* The unit of its drawing, which a bare number means: MAZE_UNIT_PX
     * (pixels at the dpi) or MAZE_UNIT_PT. */
    enum maze_unit unit;
    /* Its default cell size for a lone maze; value 0 for a format that
     * takes none, or draws only sheets (whose cells are the largest that
     * fit a slot). */
    struct maze_length cell_size;
    /* Its resolution: the dpi physical units become pixels at, by
     * default (MAZE_READS_DPI: maze_export_options.dpi changes it), or
     * the CSS 96 a px stands for in a vector format; 0 for a format not
     * drawn to scale (text, data). */
    unsigned dpi;
    struct maze_format_memory memory;
};

size_t maze_format_count(void);
const struct maze_format_info *maze_format_at(size_t index);
/* By exact name, or NULL. */
const struct maze_format_info *maze_format_find(const char *name);
/* By the extension of a file name (case-insensitive), or NULL. */
const struct maze_format_info *maze_format_for_path(const char *path);
/*
 * Whether format draws mazes of kind, masked or not (maze_export() of
 * any other is MAZE_ERR_UNSUPPORTED): MAZE_DRAWS_RECT for a whole
 * rectangle, MAZE_DRAWS_LEVELS for unmasked levels, MAZE_DRAWS_ANY_GRID
 * for the rest. false for NULL.
 */
bool maze_format_supports(const struct maze_format_info *format,
                          const struct maze_grid_kind *kind, bool masked);

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

#ifdef __cplusplus
}
#endif

#endif
