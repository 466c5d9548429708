/*
 * The frame of a sheet's pages: the paper, its margin, and the bands and
 * slots the options lay out on it, before any maze is placed. A page is a
 * column of bands: the heading (title, Name / Date line, instructions) at
 * the top, the page number at the bottom, and between them a grid of
 * equal slots, one maze each. Every band is reserved whether or not it is
 * used on a given page, so the slots, and therefore the cell size, depend
 * only on the options: a puzzle regenerated alone (--puzzle N) lands
 * exactly where it did in its book.
 */
#include <math.h>
#include <string.h>
#include <strings.h>

#include "export/sheet_impl.h"

#define DEFAULT_MARGIN_PT 36.0
/* Share of a same-page sheet's slot area given to the answer strip. */
#define STRIP_SHARE 0.26
/* A page smaller than this inside its margins has no room for a maze. */
#define MIN_AREA_PT 72.0

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
#define MM (72 / 25.4)
    /* Portrait, as libpaper names them (ledger is tabloid's size: turned
     * with --orientation landscape). */
    static const struct {
        const char *name;
        double w, h;
    } named[] = {
        {"letter", MAZE_LETTER_WIDTH, MAZE_LETTER_HEIGHT},
        {"a4", MAZE_A4_WIDTH, MAZE_A4_HEIGHT},
        {"legal", MAZE_LEGAL_WIDTH, MAZE_LEGAL_HEIGHT},
        {"a3", 297 * MM, 420 * MM},
        {"a5", 148 * MM, 210 * MM},
        {"b5", 176 * MM, 250 * MM},
        {"tabloid", 792, 1224},
        {"ledger", 792, 1224},
        {"executive", 522, 756},
        {"half-letter", 396, 612},
        {"halfletter", 396, 612},
        {"statement", 396, 612},
    };
    static const struct {
        const char *suffix;
        double pt;
    } units[] = {{"in", 72.0}, {"mm", MM}, {"cm", 10 * MM}, {"pt", 1.0}};
#undef MM
    if (text == NULL || width == NULL || height == NULL) {
        return MAZE_ERR_INVALID;
    }
    for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++) {
        if (strcasecmp(text, named[i].name) == 0) {
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

/* ---- Bands and slots --------------------------------------------------- */

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
struct maze__box
maze__sheet_slot_box(struct maze__box area, unsigned n, bool wide, unsigned k)
{
    unsigned cols, rows;
    arrange(n, wide, &cols, &rows);
    double w = (area.w - (cols - 1) * MAZE__SHEET_GAP) / cols;
    double h = (area.h - (rows - 1) * MAZE__SHEET_GAP) / rows;
    return (struct maze__box){area.x + (k % cols) * (w + MAZE__SHEET_GAP),
                              area.y + (k / cols) * (h + MAZE__SHEET_GAP), w,
                              h};
}

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
int
maze__sheet_frame_plan(const struct maze_export_options *opt,
                       const struct maze_sheet_options *so, bool raster,
                       size_t count, struct maze__sheet *sh,
                       struct maze__sheet_frame *f)
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
    *f = (struct maze__sheet_frame){
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
        int rc = maze__sheet_wrap(cr, sh, so->instructions, content.w);
        if (rc == MAZE_OK && cairo_status(cr) != CAIRO_STATUS_SUCCESS) {
            rc = MAZE_ERR_NOMEM;
        }
        cairo_destroy(cr);
        cairo_surface_destroy(s);
        if (rc != MAZE_OK) {
            return rc;
        }
    }
    double head =
        (sh->title[0] ? MAZE__SHEET_TITLE_BAND : 0) +
        (so->name_line ? MAZE__SHEET_NAME_BAND : 0) +
        (sh->lines ? sh->lines * MAZE__SHEET_TEXT_LINE + MAZE__SHEET_TEXT_GAP
                   : 0);
    double foot = MAZE__SHEET_PAGE_BAND;
    f->puzzles = (struct maze__box){content.x, content.y + head, content.w,
                                    content.h - head - foot};
    f->keys = (struct maze__box){content.x, content.y + MAZE__SHEET_TITLE_BAND,
                                 content.w,
                                 content.h - MAZE__SHEET_TITLE_BAND - foot};
    if (so->answers == MAZE_ANSWERS_SAME_PAGE) {
        double strip = floor(f->puzzles.h * STRIP_SHARE);
        f->puzzles.h -= strip + MAZE__SHEET_GAP;
        f->strip = (struct maze__box){
            content.x, f->puzzles.y + f->puzzles.h + MAZE__SHEET_GAP, content.w,
            strip};
    }
    if (!(f->puzzles.h >= MIN_AREA_PT / 2 && f->keys.h >= MIN_AREA_PT / 2)) {
        return MAZE_ERR_RANGE;
    }
    return MAZE_OK;
}

/* The maze's part of a slot: without the label and footer bands. */
struct maze__box
maze__sheet_maze_area(struct maze__box box, bool key)
{
    double top = key ? MAZE__SHEET_KEY_LABEL_BAND : MAZE__SHEET_LABEL_BAND;
    double bottom = key ? 0 : MAZE__SHEET_FOOTER_BAND;
    return (struct maze__box){box.x, box.y + top, box.w, box.h - top - bottom};
}

/* The largest cell at which a maze of w x h grid units fits area. */
double
maze__sheet_fit_cell(struct maze__box area, double w, double h)
{
    return fmin(area.w / (w + 2 * MAZE__SHEET_ROOM),
                area.h / (h + 2 * MAZE__SHEET_ROOM));
}
