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

/* Draws s centred on x, in a type shrunk (to 4pt at least) to fit width. */
static void
show_fitted(cairo_t *cr, const char *s, double x, double y, double width,
            double size)
{
    maze__sheet_set_font(cr, size, false);
    double w = maze__sheet_text_width(cr, s);
    if (w > width && w > 0) {
        maze__sheet_set_font(cr, fmax(4.0, size * width / w), false);
    }
    maze__sheet_show(cr, s, x, y, true);
}

static void
draw_name_line(cairo_t *cr, double x, double y, double width)
{
    maze__sheet_set_font(cr, MAZE__SHEET_NAME_PT, false);
    double name_w = maze__sheet_text_width(cr, "Name ");
    double date_w = maze__sheet_text_width(cr, "Date ");
    double name_end = x + width * 0.62;
    double date_x = name_end + 18;
    maze__sheet_show(cr, "Name ", x, y, false);
    maze__sheet_show(cr, "Date ", date_x, y, false);
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
        maze__sheet_set_font(cr, MAZE__SHEET_TITLE_PT, true);
        cairo_font_extents(cr, &fe);
        maze__sheet_show(cr, heading, sh->width / 2, y + fe.ascent, true);
        y += MAZE__SHEET_TITLE_BAND;
    }
    if (keys) {
        return;
    }
    if (sh->so.name_line) {
        draw_name_line(cr, x, y + MAZE__SHEET_NAME_PT + 4, width);
        y += MAZE__SHEET_NAME_BAND;
    }
    maze__sheet_set_font(cr, MAZE__SHEET_TEXT_PT, false);
    cairo_font_extents(cr, &fe);
    for (unsigned i = 0; i < sh->lines; i++) {
        char line[1024];
        size_t n = sh->line_len[i] < sizeof(line) - 1 ? sh->line_len[i]
                                                      : sizeof(line) - 1;
        memcpy(line, sh->text + sh->line_start[i], n);
        line[n] = '\0';
        maze__sheet_show(cr, line, x, y + fe.ascent, false);
        y += MAZE__SHEET_TEXT_LINE;
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
    maze__sheet_set_font(cr, MAZE__SHEET_PAGE_PT, false);
    cairo_font_extents(cr, &fe);
    maze__sheet_show(cr, text, sh->width / 2,
                     sh->height - sh->margin - fe.descent, true);
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
    cairo_line_to(cr, sh->width - sh->margin, ry);
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
        .room = MAZE__SHEET_ROOM * s->cell,
    };
}

/* A slot: its maze (unless `maze_too` is unset) and its text. */
static int
draw_slot(cairo_t *cr, const struct maze__slot *s, bool maze_too)
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
        maze__draw_maze(cr, maze, &lay, &pg);
        maze__layout_finish(&lay);
    }

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
        maze__sheet_set_font(
            cr, s->key ? MAZE__SHEET_KEY_LABEL_PT : MAZE__SHEET_LABEL_PT, true);
        maze__sheet_show(cr, text, s->x - pg.room, s->y - pg.room - 3, false);
    }
    if (!s->key) {
        maze__describe(maze, text, sizeof(text));
        show_fitted(cr, text, s->box.x + s->box.w / 2,
                    s->y + h * s->cell + pg.room + MAZE__SHEET_FOOTER_PT,
                    s->box.w, MAZE__SHEET_FOOTER_PT);
    }
    cairo_restore(cr);
    return MAZE_OK;
}

static int
draw_page(cairo_t *cr, const struct maze__sheet *sheet, size_t page, bool mazes)
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
        rc = draw_slot(cr, &sheet->slots[pg->first + i], mazes);
    }
    cairo_restore(cr);
    return rc;
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
