/* SPDX-License-Identifier: MIT */
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/status_impl.h"
#include "core/utf8.h"
#include "export/lang.h"
#include "export/sheet_impl.h"

#define DEFAULT_MARGIN_PT 36.0
/* Share of a same-page sheet's slot area given to the answer strip. */
#define STRIP_SHARE 0.26
/* More bleed than this is a mistake: print shops ask for 1/8 in. */
#define MAX_BLEED_PT 72.0
/* A page smaller than this inside its margins has no room for a maze. */
#define MIN_AREA_PT 72.0
/* Labels and page numbers shrink to this, and never wrap. */
#define LABEL_FLOOR_PT 6.0
/* The Name / Date line: the share of the width up to the end of the Name
 * rule, and the gap before Date, in ems. */
#define NAME_SHARE 0.62
#define NAME_GAP_EM 1.8

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

/* ---- Text ------------------------------------------------------------- */

const struct maze__text_rule maze__sheet_title_rule = {
    .size = MAZE__SHEET_TITLE_PT,
    .floor = MAZE__SHEET_TITLE_FLOOR,
    .lines = MAZE__SHEET_TITLE_LINES,
    .bold = true};
const struct maze__text_rule maze__sheet_text_rule = {
    .size = MAZE__SHEET_TEXT_PT,
    .floor = MAZE__SHEET_TEXT_FLOOR,
    .lines = MAZE__SHEET_MAX_LINES,
    .paragraph = true};
const struct maze__text_rule maze__sheet_label_rule = {.size =
                                                           MAZE__SHEET_LABEL_PT,
                                                       .floor = LABEL_FLOOR_PT,
                                                       .lines = 1,
                                                       .bold = true};
const struct maze__text_rule maze__sheet_key_label_rule = {
    .size = MAZE__SHEET_KEY_LABEL_PT,
    .floor = LABEL_FLOOR_PT,
    .lines = 1,
    .bold = true};
const struct maze__text_rule maze__sheet_page_rule = {
    .size = MAZE__SHEET_PAGE_PT, .floor = LABEL_FLOOR_PT, .lines = 1};
const struct maze__text_rule maze__sheet_footer_rule = {
    .size = MAZE__SHEET_FOOTER_PT,
    .floor = MAZE__SHEET_FOOTER_FLOOR,
    .lines = MAZE__SHEET_FOOTER_LINES,
    .max_height = MAZE__SHEET_FOOTER_BAND};
/* A full footer: the options that make the maze, broken between them. */
const struct maze__text_rule maze__sheet_options_rule = {
    .size = MAZE__SHEET_FOOTER_PT,
    .floor = MAZE__SHEET_FOOTER_FLOOR,
    .lines = MAZE__SHEET_FOOTER_LINES,
    .max_height = MAZE__SHEET_FOOTER_BAND,
    .words = true};

/* Fits text by rule r, noting what failed. */
static int
fit(struct maze__sheet *sh, const char *text, const struct maze__text_rule *r,
    double width, enum maze_sheet_text what, struct maze__text *out)
{
    int rc = maze__text_fit(sh->type, text, r, width, out);
    if (rc == MAZE_ERR_RANGE) {
        sh->failed = what;
    }
    return rc;
}

/* The title of puzzle pages and the heading of answer pages, and the
 * bands they take: at least the band of one line at full size. */
static int
fit_heading(struct maze__sheet *sh, double width)
{
    const struct maze__text_rule *r = &maze__sheet_title_rule;
    int rc =
        fit(sh, sh->title, r, width, MAZE_SHEET_TEXT_TITLE, &sh->title_fit);
    if (rc != MAZE_OK) {
        return rc;
    }
    sh->title_band = fmax(MAZE__SHEET_TITLE_BAND,
                          sh->title_fit.height + MAZE__SHEET_TITLE_GAP);
    sh->heading_band = MAZE__SHEET_TITLE_BAND;
    if (sh->so.answers != MAZE_ANSWERS_END &&
        sh->so.answers != MAZE_ANSWERS_ONLY) {
        return MAZE_OK;
    }
    /* The title, a dash and the word; the word alone without a title. */
    size_t n = strlen(sh->title) + strlen(sh->words[MAZE_WORD_ANSWERS]) + 64;
    sh->heading = malloc(n);
    if (sh->heading == NULL) {
        return MAZE_ERR_NOMEM;
    }
    maze__sheet_answers_heading(sh, sh->title, sh->heading, n);
    rc = fit(sh, sh->heading, r, width, MAZE_SHEET_TEXT_HEADING,
             &sh->heading_fit);
    sh->heading_band = fmax(MAZE__SHEET_TITLE_BAND,
                            sh->heading_fit.height + MAZE__SHEET_TITLE_GAP);
    return rc;
}

/* The Name / Date line at the largest size down to its floor at which
 * each label leaves a rule of four of its ems (sheet_draw.c draws it). */
static int
fit_name_line(struct maze__sheet *sh, double width)
{
    /* Widths per point of size. */
    char name[320], date[320];
    snprintf(name, sizeof(name), "%s ", sh->words[MAZE_WORD_NAME]);
    snprintf(date, sizeof(date), "%s ", sh->words[MAZE_WORD_DATE]);
    double nw = maze__text_width(sh->type, name, false, 10) / 10;
    double dw = maze__text_width(sh->type, date, false, 10) / 10;
    double s = fmin(width * NAME_SHARE / (nw + 4),
                    width * (1 - NAME_SHARE) / (dw + 4 + NAME_GAP_EM));
    s = fmin(MAZE__SHEET_NAME_PT, floor(s * 4) / 4);
    if (s < MAZE__SHEET_NAME_FLOOR) {
        sh->failed = MAZE_SHEET_TEXT_NAME_LINE;
        return MAZE_ERR_RANGE;
    }
    sh->name_fit = (struct maze__text){.size = s, .lines = 1};
    return MAZE_OK;
}

/* The instructions, the Name / Date line and the page numbers. */
static int
fit_page_text(struct maze__sheet *sh, double width, size_t count)
{
    const char *src = sh->so.instructions;
    if (src != NULL && src[0] != '\0') {
        size_t n = strlen(src);
        sh->text = malloc(n + 1);
        if (sh->text == NULL) {
            return MAZE_ERR_NOMEM;
        }
        for (size_t i = 0; i <= n; i++) {
            unsigned char c = (unsigned char)src[i];
            sh->text[i] =
                (char)(c != 0 && c != '\n' && (c < 0x20 || c == 0x7f) ? ' '
                                                                      : c);
        }
        int rc = fit(sh, sh->text, &maze__sheet_text_rule, width,
                     MAZE_SHEET_TEXT_INSTRUCTIONS, &sh->text_fit);
        if (rc != MAZE_OK) {
            return rc;
        }
    }
    if (sh->so.name_line) {
        int rc = fit_name_line(sh, width);
        if (rc != MAZE_OK) {
            return rc;
        }
    }
    /* The widest page number a book of count puzzles can have: pages
     * are at most two a puzzle, and digits are equally wide. */
    char widest[320], digits_text[24];
    unsigned long long pages = 2ull * count;
    int digits = 1;
    while (pages >= 10) {
        pages /= 10;
        digits++;
    }
    snprintf(digits_text, sizeof(digits_text), "%.*s", digits,
             "88888888888888888888");
    const char *args[] = {digits_text, digits_text};
    maze__sheet_word(sh, MAZE_WORD_PAGE, args, 2, widest, sizeof(widest));
    return fit(sh, widest, &maze__sheet_page_rule, width,
               MAZE_SHEET_TEXT_PAGE_NUMBER, &sh->page_fit);
}

int
maze__sheet_fit_slot_text(struct maze__sheet *sh, struct maze__slot *s,
                          const char *footer)
{
    char label[320];
    maze__sheet_label(sh, s, label, sizeof(label));
    int rc = fit(sh, label,
                 s->key ? &maze__sheet_key_label_rule : &maze__sheet_label_rule,
                 s->box.w, MAZE_SHEET_TEXT_LABEL, &s->label);
    if (rc != MAZE_OK) {
        return rc;
    }
    /* Over the maze's left edge, or further left when the slot's right
     * edge would cut it. */
    double room = maze__sheet_room(s->cell, s->key);
    double w = maze__text_width(sh->type, label, true, s->label.size);
    s->label_x = fmax(s->box.x, fmin(s->x - room, s->box.x + s->box.w - w));
    s->label_w = fmin(w + 1, s->box.x + s->box.w - s->label_x);
    if (s->puzzle->maze != NULL && maze__type_rtl(label)) {
        /* Over the maze's right edge, where a right-to-left reader
         * starts. */
        double mw, mh;
        maze_grid_extent(maze_grid(s->puzzle->maze), &mw, &mh);
        double end = fmin(s->box.x + s->box.w, s->x + mw * s->cell + room);
        s->label_x = fmax(s->box.x, end - s->label_w);
    }
    if (footer == NULL) {
        s->footer = (struct maze__text){0};
        return MAZE_OK;
    }
    return fit(sh, footer,
               sh->so.footer == MAZE_FOOTER_FULL ? &maze__sheet_options_rule
                                                 : &maze__sheet_footer_rule,
               s->box.w, MAZE_SHEET_TEXT_FOOTER, &s->footer);
}

/* The sheet's families, as a message names them (sheet_fonts.c). */
#define FONT_NAMES                                                             \
    "DejaVu Sans, Noto Sans CJK JP, Noto Sans Arabic, Noto Sans Hebrew, "      \
    "Symbola"

/* Text no font has a character of is refused, naming the characters:
 * Pango would print each as a box holding its code point. */
static int
check_missing(struct maze__sheet *sh, const char *text, bool bold,
              const char *name, enum maze_sheet_text what)
{
    uint32_t cps[4];
    size_t n =
        text != NULL ? maze__type_missing(sh->type, text, bold, cps, 4) : 0;
    if (n == 0) {
        return MAZE_OK;
    }
    char list[160] = "";
    size_t used = 0;
    for (size_t i = 0; i < n && i < 4; i++) {
        unsigned char ch[5] = {0};
        ch[maze__utf8_encode(cps[i], ch)] = '\0';
        used +=
            (size_t)snprintf(list + used, sizeof(list) - used, "%sU+%04X (%s)",
                             i == 0       ? ""
                             : i + 1 == n ? " and "
                                          : ", ",
                             (unsigned)cps[i], (const char *)ch);
    }
    if (n > 4) {
        snprintf(list + used, sizeof(list) - used, " and %zu more", n - 4);
    }
    sh->failed = what;
    return maze__fail(MAZE_ERR_INVALID,
                      "%s in the %s %s in none of the sheet fonts (" FONT_NAMES
                      ") and would print as %s; expected text without %s",
                      list, name, n == 1 ? "is" : "are",
                      n == 1 ? "a box" : "boxes", n == 1 ? "it" : "them");
}

/* Every text of the sheet a caller gave has its characters in a font:
 * the title, the instructions and the words replaced. */
static int
check_fonts(struct maze__sheet *sh)
{
    int rc = check_missing(sh, sh->title, true, "title", MAZE_SHEET_TEXT_TITLE);
    if (rc == MAZE_OK) {
        rc = check_missing(sh, sh->so.instructions, false, "instructions",
                           MAZE_SHEET_TEXT_INSTRUCTIONS);
    }
    for (size_t i = 0; rc == MAZE_OK && i < sh->so.label_count; i++) {
        const struct maze_sheet_label *l = &sh->so.labels[i];
        char name[32];
        snprintf(name, sizeof(name), "label %s",
                 maze__sheet_word_name(l->word));
        rc = check_missing(sh, l->text, false, name, MAZE_SHEET_TEXT_LABEL);
    }
    return rc;
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
    static const struct maze_export_options no_opt = MAZE_EXPORT_OPTIONS_INIT;
    static const struct maze_sheet_options no_sheet = MAZE_SHEET_OPTIONS_INIT;
    opt = opt ? opt : &no_opt;
    so = so ? so : &no_sheet;
    sh->so = *so;
    unsigned per = so->per_page ? so->per_page : 1;
    if (per != 1 && per != 2 && per != 4 && per != 6) {
        return MAZE_ERR_INVALID;
    }
    /* Texts go into SVG and PDF alike: valid UTF-8 of characters XML
     * allows, so that every format can carry them. */
    const struct {
        const char *text, *name;
    } texts[] = {{so->title, "title"},
                 {so->instructions, "instructions"},
                 {so->author, "author"}};
    for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
        size_t at;
        uint32_t cp;
        if (texts[i].text != NULL && !maze__xml_text(texts[i].text, &at, &cp)) {
            if (cp == UINT32_MAX) {
                return maze__fail(MAZE_ERR_INVALID,
                                  "sheet %s: byte %zu is not UTF-8; expected "
                                  "UTF-8 text",
                                  texts[i].name, at + 1);
            }
            return maze__fail(MAZE_ERR_INVALID,
                              "sheet %s: U+%04X (byte %zu) is a character XML "
                              "1.0 forbids; expected text without U+0000 to "
                              "U+001F (but tab and newlines), U+FFFE or U+FFFF",
                              texts[i].name, (unsigned)cp, at + 1);
        }
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
        .gutter = length_pt(so->gutter, opt, raster, 0),
        .bleed = length_pt(so->bleed, opt, raster, 0),
        .per_page = per,
        .cell = opt->cell_size.value > 0
                    ? length_pt(opt->cell_size, opt, raster, 0)
                    : 0,
        .wall = opt->wall_width.value > 0
                    ? length_pt(opt->wall_width, opt, raster, 0)
                    : 0,
    };
    f->wide = f->width > f->height;
    if (!isfinite(f->margin) || !isfinite(f->cell) || !isfinite(f->wall) ||
        !(f->gutter >= 0 && f->bleed >= 0 && f->bleed <= MAX_BLEED_PT)) {
        return MAZE_ERR_RANGE;
    }
    /* The content of an even page; odd pages are drawn a gutter right. */
    struct maze__box content = {f->margin, f->margin,
                                f->width - 2 * f->margin - f->gutter,
                                f->height - 2 * f->margin};
    if (!(content.w >= MIN_AREA_PT && content.h >= MIN_AREA_PT)) {
        return MAZE_ERR_RANGE;
    }
    sh->failed = MAZE_SHEET_TEXT_FITS;
    int rc = maze__sheet_words_plan(sh);
    if (rc != MAZE_OK) {
        return rc;
    }
    sh->title = so->title ? so->title
                          : maze__lang_get(sh->lang, NULL,
                                           count == 1 ? "Maze" : "Mazes");
    rc = maze__type_create(&sh->type);
    if (rc == MAZE_OK) {
        rc = check_fonts(sh);
    }
    if (rc == MAZE_OK) {
        rc = fit_heading(sh, content.w);
    }
    if (rc == MAZE_OK) {
        rc = fit_page_text(sh, content.w, count);
    }
    if (rc != MAZE_OK) {
        return rc;
    }
    double head = (sh->title[0] ? sh->title_band : 0) +
                  (so->name_line ? MAZE__SHEET_NAME_BAND : 0) +
                  (sh->text ? sh->text_fit.height + MAZE__SHEET_TEXT_GAP : 0);
    double foot = MAZE__SHEET_PAGE_BAND;
    f->puzzles = (struct maze__box){content.x, content.y + head, content.w,
                                    content.h - head - foot};
    f->keys =
        (struct maze__box){content.x, content.y + sh->heading_band, content.w,
                           content.h - sh->heading_band - foot};
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
    double bottom = MAZE__SHEET_FOOTER_BAND; /* the footer, the caption */
    return (struct maze__box){box.x, box.y + top, box.w, box.h - top - bottom};
}

double
maze__sheet_room(double cell, bool key)
{
    return key ? cell : maze__marker_room(cell);
}

/* The cell at which length cells and the free space on both sides fill
 * span: a cell of free space each side, or the arrows' fixed room when
 * that is more. */
static double
fit_span(double span, double length, bool key)
{
    double c = span / (length + 2);
    if (key || c >= maze__sheet_room(c, false)) {
        return c;
    }
    return (span - 2 * MAZE__ARROW_ROOM_PT) / length;
}

double
maze__sheet_fit_cell(struct maze__box area, double w, double h, bool key)
{
    return fmin(fit_span(area.w, w, key), fit_span(area.h, h, key));
}
