/*
 * Puzzle sheets: planning and drawing (see sheet.h). A page is a column of
 * bands: the heading (title, Name / Date line, instructions) at the top,
 * the page number at the bottom, and between them a grid of equal slots,
 * one maze each. A slot keeps a band for the puzzle's number above the maze
 * and one for its provenance below, and one cell of free space all round
 * the maze for the entrance and exit arrows, so nothing a slot draws can
 * reach its neighbours or the margins.
 *
 * Every band is reserved whether or not it is used on a given page, so the
 * slots, and therefore the cell size, depend only on the options: a puzzle
 * regenerated alone (--puzzle N) lands exactly where it did in its book.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/checked.h"
#include "core/utf8.h"
#include "export/cairo_util.h"
#include "export/sheet.h"
#include "layout/layout.h"

#define DEFAULT_MARGIN_PT 36.0
/* Heading bands and type sizes. */
#define TITLE_PT 18.0
#define TITLE_BAND 30.0
#define NAME_PT 10.0
#define NAME_BAND 24.0
#define TEXT_PT 10.0
#define TEXT_LINE 13.0
#define TEXT_GAP 8.0
#define MAX_LINES 4u
/* The page number, under the slots. */
#define PAGE_PT 8.0
#define PAGE_BAND 16.0
/* Between slots, and the bands of a slot. */
#define GAP 14.0
#define LABEL_PT 10.0
#define LABEL_BAND 15.0
#define KEY_LABEL_PT 8.0
#define KEY_LABEL_BAND 12.0
#define FOOTER_PT 6.5
#define FOOTER_BAND 10.0
/* Free space round a maze for the arrows, in cells. */
#define ROOM 1.0
/* Nothing thinner prints reliably; below a point a cell is a smudge. */
#define MIN_WALL_PT 0.5
#define MIN_CELL_PT 1.0
/* Share of a same-page sheet's slot area given to the answer strip. */
#define STRIP_SHARE 0.26
/* An answer key is drawn at least half as large as its puzzle, or with
 * cells of at least KEY_READABLE_PT (1.4 mm: a solution line in them
 * still reads on paper), whichever is smaller: so a full-page puzzle
 * still shares its key page with others. */
#define KEY_SHARE 0.5
#define KEY_READABLE_PT 4.0
/* A page smaller than this inside its margins has no room for a maze. */
#define MIN_AREA_PT 72.0
#define TAU 6.283185307179586

bool
maze_utf8_valid(const char *s)
{
    if (s == NULL) {
        return false;
    }
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s);
    for (size_t i = 0, len; i < n; i += len) {
        uint32_t cp;
        len = maze__utf8_decode(p + i, n - i, &cp);
        if (len == 0) {
            return false;
        }
    }
    return true;
}

/* ---- Paper ------------------------------------------------------------- */

/* A positive decimal without the locale; advances *s. */
static bool
read_decimal(const char **s, double *out)
{
    const char *p = *s;
    double v = 0, scale = 1;
    int digits = 0;
    while (*p >= '0' && *p <= '9' && digits < 9) {
        v = v * 10 + (*p++ - '0');
        digits++;
    }
    if (*p == '.') {
        p++;
        int frac = 0;
        while (*p >= '0' && *p <= '9' && frac < 6) {
            scale /= 10;
            v += (*p++ - '0') * scale;
            frac++;
        }
        if (frac == 0) {
            return false;
        }
        digits += frac;
    }
    if (digits == 0 || (*p >= '0' && *p <= '9')) {
        return false;
    }
    *s = p;
    *out = v;
    return true;
}

int
maze_paper_parse(const char *text, double *width, double *height)
{
    static const struct {
        const char *name;
        double w, h;
    } named[] = {
        {"letter", MAZE_LETTER_WIDTH, MAZE_LETTER_HEIGHT},
        {"a4", MAZE_A4_WIDTH, MAZE_A4_HEIGHT},
        {"legal", MAZE_LEGAL_WIDTH, MAZE_LEGAL_HEIGHT},
    };
    static const struct {
        const char *suffix;
        double pt;
    } units[] = {{"in", 72.0}, {"mm", 72 / 25.4}, {"pt", 1.0}};
    if (text == NULL || width == NULL || height == NULL) {
        return MAZE_ERR_INVALID;
    }
    for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++) {
        if (strcmp(text, named[i].name) == 0) {
            *width = named[i].w;
            *height = named[i].h;
            return MAZE_OK;
        }
    }
    const char *p = text;
    double w, h;
    if (!read_decimal(&p, &w) || *p++ != 'x' || !read_decimal(&p, &h)) {
        return MAZE_ERR_INVALID;
    }
    for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
        if (strcmp(p, units[i].suffix) == 0) {
            w *= units[i].pt;
            h *= units[i].pt;
            /* PDF pages are 1 to 200 inches a side (ISO 32000-1, C.2). */
            if (w < 72 || h < 72 || w > 14400 || h > 14400) {
                return MAZE_ERR_RANGE;
            }
            *width = w;
            *height = h;
            return MAZE_OK;
        }
    }
    return MAZE_ERR_INVALID;
}

/* ---- Text -------------------------------------------------------------- */

/*
 * Selects the type. Metrics are unhinted so that text measured while
 * planning (on a scratch image surface) has exactly the width it is drawn
 * with on a PDF, SVG or PNG page.
 */
static void
set_font(cairo_t *cr, double size, bool bold)
{
    /* DejaVu Sans by name (fonts-dejavu-core, in tools/packages-build.txt):
     * the same font, so the same bytes, on every machine that has it;
     * fontconfig falls back to another sans-serif where it is missing. */
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                           bold ? CAIRO_FONT_WEIGHT_BOLD
                                : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, size);
    cairo_font_options_t *fo = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
    cairo_set_font_options(cr, fo);
    cairo_font_options_destroy(fo);
}

static double
text_width(cairo_t *cr, const char *s)
{
    cairo_text_extents_t ext;
    cairo_text_extents(cr, s, &ext);
    return ext.x_advance;
}

/* Draws s with its left end at x, or centred on x, on baseline y. */
static void
show(cairo_t *cr, const char *s, double x, double y, bool centred)
{
    cairo_move_to(cr, centred ? x - text_width(cr, s) / 2 : x, y);
    cairo_show_text(cr, s);
}

/* Draws s centred on x, in a type shrunk (to 4pt at least) to fit width. */
static void
show_fitted(cairo_t *cr, const char *s, double x, double y, double width,
            double size)
{
    set_font(cr, size, false);
    double w = text_width(cr, s);
    if (w > width && w > 0) {
        set_font(cr, fmax(4.0, size * width / w), false);
    }
    show(cr, s, x, y, true);
}

/* The length of the UTF-8 sequence starting at s (1 for a stray byte). */
static size_t
char_len(const char *s)
{
    unsigned char c = (unsigned char)*s;
    return c < 0xc0 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
}

/*
 * Wraps the instructions to width: greedy, at spaces, at newlines, and
 * inside a word too long for a line. Fills sh->text (a copy, with control
 * characters turned into spaces) and the line table. MAZE_ERR_RANGE when
 * more than MAX_LINES lines are needed.
 */
static int
wrap_text(cairo_t *cr, struct maze__sheet *sh, const char *src, double width)
{
    size_t n = strlen(src);
    sh->text = malloc(n + 1);
    if (sh->text == NULL) {
        return MAZE_ERR_NOMEM;
    }
    char *t = sh->text;
    for (size_t i = 0; i <= n; i++) {
        unsigned char c = (unsigned char)src[i];
        t[i] = (char)(c != 0 && c != '\n' && (c < 0x20 || c == 0x7f) ? ' ' : c);
    }
    set_font(cr, TEXT_PT, false);
    char line[1024];
    size_t pos = 0;
    sh->lines = 0;
    while (t[pos] != '\0') {
        while (t[pos] == ' ') {
            pos++;
        }
        if (t[pos] == '\n') {
            pos++;
            continue;
        }
        if (t[pos] == '\0') {
            break;
        }
        if (sh->lines == MAX_LINES) {
            return MAZE_ERR_RANGE;
        }
        /* Grow the line a character at a time; remember the last space. */
        size_t end = pos, brk = 0;
        while (t[end] != '\0' && t[end] != '\n') {
            size_t next = end + char_len(t + end);
            if (next - pos >= sizeof(line)) {
                break;
            }
            memcpy(line, t + pos, next - pos);
            line[next - pos] = '\0';
            if (text_width(cr, line) > width && end > pos) {
                break;
            }
            if (t[end] == ' ') {
                brk = end;
            }
            end = next;
        }
        if (t[end] != '\0' && t[end] != '\n' && t[end] != ' ' && brk > pos) {
            end = brk;
        }
        size_t len = end;
        while (len > pos && t[len - 1] == ' ') {
            len--;
        }
        sh->line_start[sh->lines] = pos;
        sh->line_len[sh->lines] = len - pos;
        sh->lines++;
        pos = end;
    }
    return MAZE_OK;
}

/* ---- Planning ---------------------------------------------------------- */

/* Columns and rows of n equal slots on a page of this shape. */
static void
arrange(unsigned n, bool wide, unsigned *cols, unsigned *rows)
{
    switch (n) {
    case 2:
        *cols = wide ? 2 : 1;
        *rows = wide ? 1 : 2;
        return;
    case 4:
        *cols = *rows = 2;
        return;
    case 6:
        *cols = wide ? 3 : 2;
        *rows = wide ? 2 : 3;
        return;
    default:
        *cols = *rows = 1;
        return;
    }
}

/* Slot k of n equal slots filling area, row by row. */
static struct maze__box
slot_box(struct maze__box area, unsigned n, bool wide, unsigned k)
{
    unsigned cols, rows;
    arrange(n, wide, &cols, &rows);
    double w = (area.w - (cols - 1) * GAP) / cols;
    double h = (area.h - (rows - 1) * GAP) / rows;
    return (struct maze__box){area.x + (k % cols) * (w + GAP),
                              area.y + (k / cols) * (h + GAP), w, h};
}

/* The page's geometry, which the mazes do not change. */
struct frame {
    double width, height, margin;
    /* Where the puzzle slots go, where the keys of a same-page sheet go,
     * and where the slots of an answer-key page go. */
    struct maze__box puzzles, strip, keys;
    bool wide;
    unsigned per_page;
    /* Requested sizes in points, 0 for "fit". */
    double cell, wall;
};

/* A length in points; px is a pixel at the dpi for raster output. */
static double
length_pt(struct maze_length len, const struct maze_export_options *opt,
          bool raster, double dflt)
{
    if (raster && len.unit == MAZE_UNIT_PX && len.value > 0) {
        return len.value * 72.0 / maze__dpi(opt);
    }
    return maze__length_pt(len, dflt);
}

/*
 * Resolves the options and the page's bands into f and sh (title, wrapped
 * instructions). Needs a cairo_t only to measure the instructions.
 */
static int
frame_plan(const struct maze_export_options *opt,
           const struct maze_sheet_options *so, bool raster, size_t count,
           struct maze__sheet *sh, struct frame *f)
{
    static const struct maze_export_options no_opt;
    static const struct maze_sheet_options no_sheet;
    opt = opt ? opt : &no_opt;
    so = so ? so : &no_sheet;
    sh->so = *so;
    unsigned per = so->per_page ? so->per_page : 1;
    if (per != 1 && per != 2 && per != 4 && per != 6) {
        return MAZE_ERR_INVALID;
    }
    if ((so->title && !maze_utf8_valid(so->title)) ||
        (so->instructions && !maze_utf8_valid(so->instructions))) {
        return MAZE_ERR_INVALID;
    }
    if ((unsigned)so->answers > MAZE_ANSWERS_ONLY) {
        return MAZE_ERR_INVALID;
    }
    double w = so->page_width, h = so->page_height;
    if (w == 0 && h == 0) {
        w = MAZE_LETTER_WIDTH;
        h = MAZE_LETTER_HEIGHT;
    }
    if (!(w >= 72 && h >= 72 && w <= 14400 && h <= 14400)) {
        return MAZE_ERR_RANGE;
    }
    *f = (struct frame){
        .width = so->landscape ? h : w,
        .height = so->landscape ? w : h,
        .margin = length_pt(opt->margin, opt, raster, DEFAULT_MARGIN_PT),
        .per_page = per,
        .cell = opt->cell_size.value > 0
                    ? length_pt(opt->cell_size, opt, raster, 0)
                    : 0,
        .wall = opt->wall_width.value > 0
                    ? length_pt(opt->wall_width, opt, raster, 0)
                    : 0,
    };
    f->wide = f->width > f->height;
    if (!isfinite(f->margin) || !isfinite(f->cell) || !isfinite(f->wall)) {
        return MAZE_ERR_RANGE;
    }
    struct maze__box content = {f->margin, f->margin, f->width - 2 * f->margin,
                                f->height - 2 * f->margin};
    if (!(content.w >= MIN_AREA_PT && content.h >= MIN_AREA_PT)) {
        return MAZE_ERR_RANGE;
    }
    sh->title = so->title ? so->title : count == 1 ? "Maze" : "Mazes";
    sh->lines = 0;
    if (so->instructions && so->instructions[0]) {
        cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1);
        cairo_t *cr = cairo_create(s);
        int rc = wrap_text(cr, sh, so->instructions, content.w);
        if (rc == MAZE_OK && cairo_status(cr) != CAIRO_STATUS_SUCCESS) {
            rc = MAZE_ERR_NOMEM;
        }
        cairo_destroy(cr);
        cairo_surface_destroy(s);
        if (rc != MAZE_OK) {
            return rc;
        }
    }
    double head = (sh->title[0] ? TITLE_BAND : 0) +
                  (so->name_line ? NAME_BAND : 0) +
                  (sh->lines ? sh->lines * TEXT_LINE + TEXT_GAP : 0);
    double foot = PAGE_BAND;
    f->puzzles = (struct maze__box){content.x, content.y + head, content.w,
                                    content.h - head - foot};
    f->keys = (struct maze__box){content.x, content.y + TITLE_BAND, content.w,
                                 content.h - TITLE_BAND - foot};
    if (so->answers == MAZE_ANSWERS_SAME_PAGE) {
        double strip = floor(f->puzzles.h * STRIP_SHARE);
        f->puzzles.h -= strip + GAP;
        f->strip = (struct maze__box){
            content.x, f->puzzles.y + f->puzzles.h + GAP, content.w, strip};
    }
    if (!(f->puzzles.h >= MIN_AREA_PT / 2 && f->keys.h >= MIN_AREA_PT / 2)) {
        return MAZE_ERR_RANGE;
    }
    return MAZE_OK;
}

/* The maze's part of a slot: without the label and footer bands. */
static struct maze__box
maze_area(struct maze__box box, bool key)
{
    double top = key ? KEY_LABEL_BAND : LABEL_BAND;
    double bottom = key ? 0 : FOOTER_BAND;
    return (struct maze__box){box.x, box.y + top, box.w, box.h - top - bottom};
}

/* The largest cell at which a maze of w x h grid units fits area. */
static double
fit_cell(struct maze__box area, double w, double h)
{
    return fmin(area.w / (w + 2 * ROOM), area.h / (h + 2 * ROOM));
}

/*
 * Places a maze in slot box at the requested cell (0: the largest that
 * fits), centred in the maze area.
 */
static int
place(struct maze__slot *s, const struct maze_puzzle *p, struct maze__box box,
      bool key, double cell, double wall)
{
    double w, h;
    maze_grid_extent(maze_grid(p->maze), &w, &h);
    struct maze__box area = maze_area(box, key);
    double fit = fit_cell(area, w, h);
    if (cell > fit * (1 + 1e-9) || !(fit >= MIN_CELL_PT)) {
        return MAZE_ERR_RANGE;
    }
    cell = cell > 0 ? fmin(cell, fit) : fit;
    wall = wall > 0 ? fmax(wall, MIN_WALL_PT) : fmax(MIN_WALL_PT, cell / 8);
    if (!(wall < cell)) {
        return MAZE_ERR_RANGE;
    }
    *s = (struct maze__slot){
        .puzzle = p,
        .box = box,
        .x = area.x + (area.w - w * cell) / 2,
        .y = area.y + (area.h - h * cell) / 2,
        .cell = cell,
        .wall = wall,
        .key = key,
        .solved = key,
    };
    return MAZE_OK;
}

/* Keys per answer-key page: the most of 6, 4, 2, 1 at which every key is
 * at least KEY_SHARE of its puzzle's size or has KEY_READABLE_PT cells
 * (and a point a cell); never more a page than there are keys. */
static unsigned
keys_per_page(const struct frame *f, const struct maze_puzzle *p, size_t count)
{
    static const unsigned choices[] = {6, 4, 2, 1};
    struct maze__box puzzle_area =
        maze_area(slot_box(f->puzzles, f->per_page, f->wide, 0), false);
    for (size_t c = 0; c < 4; c++) {
        unsigned n = choices[c];
        if (c + 1 < 4 && choices[c + 1] >= count) {
            continue; /* fewer keys fit bigger on one page */
        }
        struct maze__box key_area =
            maze_area(slot_box(f->keys, n, f->wide, 0), true);
        bool ok = true;
        for (size_t i = 0; i < count && ok; i++) {
            double w, h;
            maze_grid_extent(maze_grid(p[i].maze), &w, &h);
            double puzzle = fit_cell(puzzle_area, w, h);
            double key = fit_cell(key_area, w, h);
            ok = key >= MIN_CELL_PT &&
                 key >= fmin(KEY_SHARE * puzzle, KEY_READABLE_PT);
        }
        if (ok) {
            return n;
        }
    }
    return 1;
}

static int
check_puzzles(const struct maze_puzzle *p, size_t count,
              const struct maze_sheet_options *so)
{
    if (p == NULL || count == 0) {
        return MAZE_ERR_INVALID;
    }
    bool keys = so && so->answers != MAZE_ANSWERS_NONE;
    for (size_t i = 0; i < count; i++) {
        if (p[i].maze == NULL || (keys && p[i].solution == NULL)) {
            return MAZE_ERR_INVALID;
        }
        if (!maze__grid_is_rect(maze_grid(p[i].maze))) {
            return MAZE_ERR_UNSUPPORTED;
        }
    }
    return MAZE_OK;
}

/* The pages and slots of the puzzles (with same-page keys). */
static int
plan_puzzles(struct maze__sheet *sh, const struct frame *f, size_t *page,
             size_t *slot)
{
    bool same = sh->so.answers == MAZE_ANSWERS_SAME_PAGE;
    unsigned per = f->per_page;
    /* A same-page key takes one column of at least three in the strip, at
     * the right, so alone it is an inset in the corner. */
    unsigned strip_cols = per > 3 ? per : 3;
    double key_w = (f->strip.w - (strip_cols - 1) * GAP) / strip_cols;
    for (size_t i = 0; i < sh->count; i += per) {
        size_t n = sh->count - i < per ? sh->count - i : per;
        struct maze__sheet_page *pg = &sh->pages[(*page)++];
        *pg = (struct maze__sheet_page){.first = *slot};
        for (size_t k = 0; k < n; k++) {
            int rc = place(&sh->slots[(*slot)++], &sh->puzzles[i + k],
                           slot_box(f->puzzles, per, f->wide, (unsigned)k),
                           false, f->cell, f->wall);
            if (rc != MAZE_OK) {
                return rc;
            }
        }
        for (size_t k = 0; same && k < n; k++) {
            size_t col = strip_cols - n + k;
            struct maze__box box = {f->strip.x + col * (key_w + GAP),
                                    f->strip.y, key_w, f->strip.h};
            struct maze__slot *s = &sh->slots[(*slot)++];
            int rc = place(s, &sh->puzzles[i + k], box, true, 0, 0);
            if (rc != MAZE_OK) {
                return rc;
            }
            s->rotated = sh->so.keys_upside_down;
        }
        pg->count = *slot - pg->first;
        pg->strip_y = same ? f->strip.y : 0;
    }
    return MAZE_OK;
}

/* The answer-key pages. */
static int
plan_keys(struct maze__sheet *sh, const struct frame *f, unsigned per,
          size_t *page, size_t *slot)
{
    for (size_t i = 0; i < sh->count; i += per) {
        size_t n = sh->count - i < per ? sh->count - i : per;
        struct maze__sheet_page *pg = &sh->pages[(*page)++];
        *pg = (struct maze__sheet_page){.first = *slot, .keys = true};
        for (size_t k = 0; k < n; k++) {
            int rc =
                place(&sh->slots[(*slot)++], &sh->puzzles[i + k],
                      slot_box(f->keys, per, f->wide, (unsigned)k), true, 0, 0);
            if (rc != MAZE_OK) {
                return rc;
            }
        }
        pg->count = n;
    }
    return MAZE_OK;
}

int
maze__sheet_plan(const struct maze_puzzle *puzzles, size_t count,
                 const struct maze_export_options *opt,
                 const struct maze_sheet_options *so, bool raster,
                 struct maze__sheet *out)
{
    *out = (struct maze__sheet){.puzzles = puzzles, .count = count};
    struct frame f;
    int rc = check_puzzles(puzzles, count, so);
    if (rc == MAZE_OK) {
        rc = frame_plan(opt, so, raster, count, out, &f);
    }
    if (rc != MAZE_OK) {
        maze__sheet_finish(out);
        return rc;
    }
    out->width = f.width;
    out->height = f.height;
    out->margin = f.margin;
    enum maze_answers answers = out->so.answers;
    bool puzzles_drawn = answers != MAZE_ANSWERS_ONLY;
    bool key_pages =
        answers == MAZE_ANSWERS_END || answers == MAZE_ANSWERS_ONLY;
    unsigned per_key = key_pages ? keys_per_page(&f, puzzles, count) : 1;
    size_t pages = (puzzles_drawn ? (count + f.per_page - 1) / f.per_page : 0) +
                   (key_pages ? (count + per_key - 1) / per_key : 0);
    size_t slots = (puzzles_drawn ? count : 0) +
                   (answers != MAZE_ANSWERS_NONE ? count : 0);
    out->pages = maze__alloc_array(pages, sizeof(*out->pages), true);
    out->slots = maze__alloc_array(slots, sizeof(*out->slots), true);
    if (out->pages == NULL || out->slots == NULL) {
        maze__sheet_finish(out);
        return MAZE_ERR_NOMEM;
    }
    size_t page = 0, slot = 0;
    if (puzzles_drawn) {
        rc = plan_puzzles(out, &f, &page, &slot);
    }
    if (rc == MAZE_OK && key_pages) {
        rc = plan_keys(out, &f, per_key, &page, &slot);
    }
    if (rc != MAZE_OK) {
        maze__sheet_finish(out);
        return rc;
    }
    out->page_count = page;
    out->slot_count = slot;
    return MAZE_OK;
}

int
maze__sheet_plan_maze(const struct maze *maze,
                      const struct maze_export_options *opt, bool raster,
                      struct maze_puzzle *puzzle, struct maze__sheet *out)
{
    *puzzle = (struct maze_puzzle){.maze = maze, .solution = opt->solution};
    int rc = maze__sheet_plan(puzzle, 1, opt, opt->sheet, raster, out);
    if (rc != MAZE_OK) {
        return rc;
    }
    /* A single maze shows what it is given: its solution, if any, is drawn
     * on the puzzle itself. */
    out->slots[0].solved = opt->solution != NULL;
    return MAZE_OK;
}

void
maze__sheet_finish(struct maze__sheet *sheet)
{
    free(sheet->text);
    free(sheet->pages);
    free(sheet->slots);
    sheet->text = NULL;
    sheet->pages = NULL;
    sheet->slots = NULL;
}

/* The maze area of a puzzle slot of the sheet the options describe. */
static int
puzzle_area(const struct maze_export_options *opt,
            const struct maze_sheet_options *sheet, struct maze__box *area)
{
    struct maze__sheet sh = {0};
    struct frame f;
    int rc = frame_plan(opt, sheet, false, 1, &sh, &f);
    maze__sheet_finish(&sh);
    if (rc == MAZE_OK) {
        *area = maze_area(slot_box(f.puzzles, f.per_page, f.wide, 0), false);
    }
    return rc;
}

int
maze_sheet_fit(const struct maze_export_options *opt,
               const struct maze_sheet_options *sheet, double width,
               double height, double *cell_pt)
{
    if (cell_pt == NULL || !(width > 0 && height > 0)) {
        return MAZE_ERR_INVALID;
    }
    struct maze__box area;
    int rc = puzzle_area(opt, sheet, &area);
    if (rc != MAZE_OK) {
        return rc;
    }
    *cell_pt = fit_cell(area, width, height);
    return *cell_pt >= MIN_CELL_PT ? MAZE_OK : MAZE_ERR_RANGE;
}

int
maze_sheet_capacity(const struct maze_export_options *opt,
                    const struct maze_sheet_options *sheet, double cell_pt,
                    uint32_t *width, uint32_t *height)
{
    if (width == NULL || height == NULL || !(cell_pt >= MIN_CELL_PT) ||
        !isfinite(cell_pt)) {
        return MAZE_ERR_INVALID;
    }
    struct maze__box area;
    int rc = puzzle_area(opt, sheet, &area);
    if (rc != MAZE_OK) {
        return rc;
    }
    /* The tolerance lets a size that fits exactly count as fitting. */
    double w = floor(area.w / cell_pt * (1 + 1e-9) - 2 * ROOM);
    double h = floor(area.h / cell_pt * (1 + 1e-9) - 2 * ROOM);
    if (w < 1 || h < 1) {
        return MAZE_ERR_RANGE;
    }
    *width = w > MAZE_MAX_CELLS ? MAZE_MAX_CELLS : (uint32_t)w;
    *height = h > MAZE_MAX_CELLS ? MAZE_MAX_CELLS : (uint32_t)h;
    return MAZE_OK;
}

/* ---- Drawing ----------------------------------------------------------- */

static void
draw_name_line(cairo_t *cr, double x, double y, double width)
{
    set_font(cr, NAME_PT, false);
    double name_w = text_width(cr, "Name ");
    double date_w = text_width(cr, "Date ");
    double name_end = x + width * 0.62;
    double date_x = name_end + 18;
    show(cr, "Name ", x, y, false);
    show(cr, "Date ", date_x, y, false);
    cairo_set_line_width(cr, 0.6);
    cairo_move_to(cr, x + name_w, y + 1.5);
    cairo_line_to(cr, name_end, y + 1.5);
    cairo_move_to(cr, date_x + date_w, y + 1.5);
    cairo_line_to(cr, x + width, y + 1.5);
    cairo_stroke(cr);
}

/* The title, Name / Date line and instructions of a puzzle page, or the
 * heading of an answer-key page. */
static void
draw_heading(cairo_t *cr, const struct maze__sheet *sh, bool keys)
{
    double x = sh->margin, y = sh->margin;
    double width = sh->width - 2 * sh->margin;
    cairo_font_extents_t fe;
    if (keys || sh->title[0]) {
        char heading[512];
        if (keys) {
            snprintf(heading, sizeof(heading), "%s%sAnswers", sh->title,
                     sh->title[0] ? " \xe2\x80\x94 " : "");
        } else {
            snprintf(heading, sizeof(heading), "%s", sh->title);
        }
        set_font(cr, TITLE_PT, true);
        cairo_font_extents(cr, &fe);
        show(cr, heading, sh->width / 2, y + fe.ascent, true);
        y += TITLE_BAND;
    }
    if (keys) {
        return;
    }
    if (sh->so.name_line) {
        draw_name_line(cr, x, y + NAME_PT + 4, width);
        y += NAME_BAND;
    }
    set_font(cr, TEXT_PT, false);
    cairo_font_extents(cr, &fe);
    for (unsigned i = 0; i < sh->lines; i++) {
        char line[1024];
        size_t n = sh->line_len[i] < sizeof(line) - 1 ? sh->line_len[i]
                                                      : sizeof(line) - 1;
        memcpy(line, sh->text + sh->line_start[i], n);
        line[n] = '\0';
        show(cr, line, x, y + fe.ascent, false);
        y += TEXT_LINE;
    }
}

static void
draw_page_number(cairo_t *cr, const struct maze__sheet *sh, size_t page)
{
    if (sh->page_count < 2) {
        return;
    }
    char text[64];
    snprintf(text, sizeof(text), "Page %zu of %zu", page + 1, sh->page_count);
    cairo_font_extents_t fe;
    set_font(cr, PAGE_PT, false);
    cairo_font_extents(cr, &fe);
    show(cr, text, sh->width / 2, sh->height - sh->margin - fe.descent, true);
}

/* A dashed rule above the answer strip of a same-page sheet. */
static void
draw_strip_rule(cairo_t *cr, const struct maze__sheet *sh, double y)
{
    static const double dash[] = {3, 3};
    double ry = y - GAP / 2;
    cairo_save(cr);
    cairo_set_source_rgb(cr, 0.55, 0.55, 0.55);
    cairo_set_line_width(cr, 0.5);
    cairo_set_dash(cr, dash, 2, 0);
    cairo_move_to(cr, sh->margin, ry);
    cairo_line_to(cr, sh->width - sh->margin, ry);
    cairo_stroke(cr);
    cairo_restore(cr);
}

static int
draw_slot(cairo_t *cr, const struct maze__slot *s)
{
    const struct maze *maze = s->puzzle->maze;
    struct maze__layout lay;
    int rc =
        maze__layout_build(maze, s->solved ? s->puzzle->solution : NULL, &lay);
    if (rc != MAZE_OK) {
        return rc;
    }
    double w, h;
    maze_grid_extent(maze_grid(maze), &w, &h);
    cairo_save(cr);
    if (s->rotated) {
        cairo_translate(cr, s->box.x + s->box.w / 2, s->box.y + s->box.h / 2);
        cairo_rotate(cr, TAU / 2);
        cairo_translate(cr, -(s->box.x + s->box.w / 2),
                        -(s->box.y + s->box.h / 2));
    }
    struct maze__page pg = {
        .x = s->x,
        .y = s->y,
        .cell = s->cell,
        .wall = s->wall,
        .room = ROOM * s->cell,
    };
    maze__draw_maze(cr, maze, &lay, &pg);
    maze__layout_finish(&lay);

    cairo_set_source_rgb(cr, 0, 0, 0);
    char text[320];
    unsigned number = s->puzzle->number;
    if (number > 0 || s->key) {
        if (number > 0) {
            snprintf(text, sizeof(text), "%s %u", s->key ? "Answer" : "Puzzle",
                     number);
        } else {
            snprintf(text, sizeof(text), "Answer");
        }
        set_font(cr, s->key ? KEY_LABEL_PT : LABEL_PT, true);
        show(cr, text, s->x - pg.room, s->y - pg.room - 3, false);
    }
    if (!s->key) {
        maze__describe(maze, text, sizeof(text));
        show_fitted(cr, text, s->box.x + s->box.w / 2,
                    s->y + h * s->cell + pg.room + FOOTER_PT, s->box.w,
                    FOOTER_PT);
    }
    cairo_restore(cr);
    return MAZE_OK;
}

int
maze__sheet_draw_page(cairo_t *cr, const struct maze__sheet *sheet, size_t page)
{
    const struct maze__sheet_page *pg = &sheet->pages[page];
    cairo_save(cr);
    cairo_new_path(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    draw_heading(cr, sheet, pg->keys);
    draw_page_number(cr, sheet, page);
    if (pg->strip_y > 0) {
        draw_strip_rule(cr, sheet, pg->strip_y);
    }
    int rc = MAZE_OK;
    for (size_t i = 0; i < pg->count && rc == MAZE_OK; i++) {
        rc = draw_slot(cr, &sheet->slots[pg->first + i]);
    }
    cairo_restore(cr);
    return rc;
}

int
maze__sheet_raster(const struct maze__sheet *sheet, size_t page, unsigned dpi,
                   cairo_surface_t **out)
{
    double scale = dpi / 72.0;
    double w = ceil(sheet->width * scale - 1e-9);
    double h = ceil(sheet->height * scale - 1e-9);
    if (!(w >= 1 && h >= 1 && w <= 32767 && h <= 32767)) {
        return MAZE_ERR_RANGE;
    }
    cairo_surface_t *s =
        cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)w, (int)h);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(s);
        return MAZE_ERR_NOMEM;
    }
    cairo_t *cr = cairo_create(s);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_scale(cr, scale, scale);
    int rc = maze__sheet_draw_page(cr, sheet, page);
    cairo_status_t st = cairo_status(cr);
    cairo_destroy(cr);
    cairo_surface_flush(s);
    if (rc == MAZE_OK && st != CAIRO_STATUS_SUCCESS) {
        rc = st == CAIRO_STATUS_NO_MEMORY ? MAZE_ERR_NOMEM : MAZE_ERR_BACKEND;
    }
    if (rc != MAZE_OK) {
        cairo_surface_destroy(s);
        return rc;
    }
    *out = s;
    return MAZE_OK;
}

void
maze__sheet_subject(const struct maze__sheet *sheet, char *buf, size_t size)
{
    const struct maze *m = sheet->puzzles[0].maze;
    const struct maze_grid *g = maze_grid(m);
    const char *alg = maze_provenance(m)->algorithm;
    bool same = true;
    for (size_t i = 1; i < sheet->count; i++) {
        const struct maze_grid *o = maze_grid(sheet->puzzles[i].maze);
        same = same && maze_grid_width(o) == maze_grid_width(g) &&
               maze_grid_height(o) == maze_grid_height(g);
    }
    const char *answers = sheet->so.answers == MAZE_ANSWERS_NONE ? ""
                          : sheet->so.answers == MAZE_ANSWERS_ONLY
                              ? ", answer keys only"
                              : ", with answer keys";
    if (same) {
        snprintf(buf, size, "%zu maze%s of %ux%u cells by %s%s", sheet->count,
                 sheet->count == 1 ? "" : "s", (unsigned)maze_grid_width(g),
                 (unsigned)maze_grid_height(g), alg[0] ? alg : "none", answers);
    } else {
        snprintf(buf, size, "%zu mazes%s", sheet->count, answers);
    }
    /* Metadata must be valid UTF-8 whatever a caller named its algorithm. */
    maze__printable(buf);
}
