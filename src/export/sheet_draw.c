/* SPDX-License-Identifier: MIT */
/*
 * Drawing a planned sheet: each page's heading, page number and slots, a
 * slot being its maze (cairo_util.c draws it), its label and its
 * provenance footer. Drawing takes a cairo_t, so PDF (many pages), SVG
 * and PNG (one page) share every line of it, and nothing here decides
 * where anything goes: the plan did.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "export/cairo_util.h"
#include "export/sheet_impl.h"
#include "layout/layout.h"

#define TAU 6.283185307179586

/* The Name / Date line at its planned size (sheet_frame.c keeps four
 * ems of rule after each label); mirrored, Name at the right, when the
 * words read right to left. */
static void
draw_name_line(cairo_t *cr, const struct maze__sheet *sh, double x, double y,
               double width)
{
    const struct maze__text *fit = &sh->name_fit;
    double size = fit->size;
    char name[320], date[320];
    snprintf(name, sizeof(name), "%s ", sh->words[MAZE_WORD_NAME]);
    snprintf(date, sizeof(date), "%s ", sh->words[MAZE_WORD_DATE]);
    double name_w = maze__text_width(sh->type, name, false, size);
    double date_w = maze__text_width(sh->type, date, false, size);
    double name_end = width * 0.62;
    double date_x = name_end + 1.8 * size;
    /* Where a piece from `from` to `to` along the line goes across. */
    bool rtl = maze__type_rtl(name);
#define ACROSS(from, to) (rtl ? x + width - (to) : x + (from))
    /* The labels sit on the rules: their baseline a little above, where
     * it is in the face each is set in. */
    double rule_y = y + MAZE__SHEET_NAME_BAND - 8 - 0.17 * size + 1.5;
    double name_top =
        rule_y - 1.5 - maze__text_baseline(sh->type, name, false, size);
    double date_top =
        rule_y - 1.5 - maze__text_baseline(sh->type, date, false, size);
    maze__text_draw(sh->type, cr, name, false, fit, ACROSS(0, name_w), name_top,
                    name_w, false);
    maze__text_draw(sh->type, cr, date, false, fit,
                    ACROSS(date_x, date_x + date_w), date_top, date_w, false);
    cairo_set_line_width(cr, 0.6);
    cairo_move_to(cr, ACROSS(name_w, name_end), rule_y);
    cairo_line_to(cr, ACROSS(name_w, name_end) + name_end - name_w, rule_y);
    cairo_move_to(cr, ACROSS(date_x + date_w, width), rule_y);
    cairo_line_to(cr, ACROSS(date_x + date_w, width) + width - date_x - date_w,
                  rule_y);
#undef ACROSS
    cairo_stroke(cr);
}

/* The width of a page's content: the paper less its margins and gutter. */
static double
content_width(const struct maze__sheet *sh)
{
    return sh->width - 2 * sh->margin - sh->gutter;
}

/* Crop marks at the trim's corners, in the bleed round it: short thin
 * lines along the trim's edges, stopping short of the trim. */
static void
draw_crop_marks(cairo_t *cr, const struct maze__sheet *sh, size_t page)
{
    double gap = fmin(3, sh->bleed / 3), b = sh->bleed;
    double x0 = maze__sheet_trim_x(sh, page);
    double xs[2] = {x0, x0 + sh->width}, ys[2] = {b, b + sh->height};
    cairo_save(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 0.3);
    for (int i = 0; i < 2; i++) {
        for (int j = 0; j < 2; j++) {
            double sx = i ? 1 : -1, sy = j ? 1 : -1;
            cairo_move_to(cr, xs[i], ys[j] + sy * gap);
            cairo_line_to(cr, xs[i], ys[j] + sy * b);
            cairo_move_to(cr, xs[i] + sx * gap, ys[j]);
            cairo_line_to(cr, xs[i] + sx * b, ys[j]);
        }
    }
    cairo_stroke(cr);
    cairo_restore(cr);
}

/* The title, Name / Date line and instructions of a puzzle page, or the
 * heading of an answer-key page, each as planned. */
static void
draw_heading(cairo_t *cr, const struct maze__sheet *sh, bool keys)
{
    double x = sh->margin, y = sh->margin;
    double width = content_width(sh);
    if (keys) {
        maze__text_draw(sh->type, cr, sh->heading, true, &sh->heading_fit, x, y,
                        width, true);
        return;
    }
    if (sh->title[0]) {
        maze__text_draw(sh->type, cr, sh->title, true, &sh->title_fit, x, y,
                        width, true);
        y += sh->title_band;
    }
    if (sh->so.name_line) {
        draw_name_line(cr, sh, x, y, width);
        y += MAZE__SHEET_NAME_BAND;
    }
    if (sh->text != NULL) {
        maze__text_draw(sh->type, cr, sh->text, false, &sh->text_fit, x, y,
                        width, false);
    }
}

static void
draw_page_number(cairo_t *cr, const struct maze__sheet *sh, size_t page)
{
    if (sh->page_count < 2) {
        return;
    }
    char text[320], at[24], of[24];
    snprintf(at, sizeof(at), "%zu", page + 1);
    snprintf(of, sizeof(of), "%zu", sh->page_count);
    const char *args[] = {at, of};
    maze__sheet_word(sh, MAZE_WORD_PAGE, args, 2, text, sizeof(text));
    struct maze__text fit = sh->page_fit;
    maze__text_draw(sh->type, cr, text, false, &fit, sh->margin,
                    sh->height - sh->margin - fit.height, content_width(sh),
                    true);
}

/* A dashed rule above the answer strip of a same-page sheet. */
static void
draw_strip_rule(cairo_t *cr, const struct maze__sheet *sh, double y)
{
    static const double dash[] = {3, 3};
    double ry = y - MAZE__SHEET_GAP / 2;
    cairo_save(cr);
    cairo_set_source_rgb(cr, 0.55, 0.55, 0.55);
    cairo_set_line_width(cr, 0.5);
    cairo_set_dash(cr, dash, 2, 0);
    cairo_move_to(cr, sh->margin, ry);
    cairo_line_to(cr, sh->margin + content_width(sh), ry);
    cairo_stroke(cr);
    cairo_restore(cr);
}

void
maze__sheet_slot_page(const struct maze__slot *s, struct maze__page *pg)
{
    *pg = (struct maze__page){
        .x = s->x,
        .y = s->y,
        .cell = s->cell,
        .wall = s->wall,
        .room = maze__sheet_room(s->cell, s->key),
        .ink_saving = s->ink_saving,
        .pt = 1,
        .sheet = s->sheet,
    };
}

/* A slot: its maze (unless `maze_too` is unset) and its text. */
static int
draw_slot(cairo_t *cr, const struct maze__sheet *sheet,
          const struct maze__slot *s, bool maze_too)
{
    const struct maze *maze = s->puzzle->maze;
    struct maze__layout lay = {0};
    int rc = maze_too ? maze__layout_build(
                            maze, s->solved ? s->puzzle->solution : NULL, &lay)
                      : MAZE_OK;
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
    struct maze__page pg;
    maze__sheet_slot_page(s, &pg);
    if (maze_too) {
        maze__page_layout(&pg, &lay, false);
        maze__draw_maze(cr, maze, &lay, &pg);
        maze__layout_finish(&lay);
    }

    cairo_set_source_rgb(cr, 0, 0, 0);
    char text[320];
    maze__sheet_label(sheet, s, text, sizeof(text));
    /* The label ends just above the maze's free space. */
    maze__text_draw(sheet->type, cr, text, true, &s->label, s->label_x,
                    s->y - pg.room - 1 - s->label.height, s->label_w, false);
    /* Under the maze: a puzzle's provenance, a key's caption. */
    if (!s->key) {
        maze__sheet_footer(sheet, maze, text, sizeof(text));
    } else {
        snprintf(text, sizeof(text), "%s", s->caption);
    }
    maze__text_draw(sheet->type, cr, text, false, &s->footer, s->box.x,
                    s->y + h * s->cell + pg.room, s->box.w, true);
    cairo_restore(cr);
    return MAZE_OK;
}

static int
draw_page(cairo_t *cr, const struct maze__sheet *sheet, size_t page, bool mazes)
{
    const struct maze__sheet_page *pg = &sheet->pages[page];
    cairo_save(cr);
    cairo_new_path(cr);
    if (sheet->bleed > 0 && sheet->so.crop_marks) {
        draw_crop_marks(cr, sheet, page);
    }
    /* The paper within the bleed; odd pages (page 0 is page 1) bound on
     * their left, so their content moves a gutter right. */
    cairo_translate(cr,
                    maze__sheet_trim_x(sheet, page) +
                        (page % 2 == 0 ? sheet->gutter : 0),
                    sheet->bleed);
    cairo_set_source_rgb(cr, 0, 0, 0);
    draw_heading(cr, sheet, pg->keys);
    draw_page_number(cr, sheet, page);
    if (pg->strip_y > 0) {
        draw_strip_rule(cr, sheet, pg->strip_y);
    }
    int rc = MAZE_OK;
    for (size_t i = 0; i < pg->count && rc == MAZE_OK; i++) {
        rc = draw_slot(cr, sheet, &sheet->slots[pg->first + i], mazes);
    }
    cairo_restore(cr);
    return rc;
}

double
maze__sheet_trim_x(const struct maze__sheet *sheet, size_t page)
{
    /* Outer edges only: odd pages (page 0 is page 1, a recto) bound on
     * their left, so their bleed is on the right. */
    if (sheet->so.bleed_edges == MAZE_BLEED_OUTER && page % 2 == 0) {
        return 0;
    }
    return sheet->bleed;
}

double
maze__sheet_media_width(const struct maze__sheet *sheet)
{
    return sheet->width +
           (sheet->so.bleed_edges == MAZE_BLEED_OUTER ? 1 : 2) * sheet->bleed;
}

int
maze__sheet_draw_page(cairo_t *cr, const struct maze__sheet *sheet, size_t page)
{
    return draw_page(cr, sheet, page, true);
}

int
maze__sheet_draw_text(cairo_t *cr, const struct maze__sheet *sheet, size_t page)
{
    return draw_page(cr, sheet, page, false);
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
