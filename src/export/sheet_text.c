/* SPDX-License-Identifier: MIT */
/*
 * Type on a sheet: fitting a piece of text into a width and drawing it as
 * fitted. Text is shaped by Pango (sheet_fonts.c), so Arabic joins and
 * runs right to left and CJK breaks between ideographs. Planning fits
 * every piece once and keeps the size and line count it found; drawing
 * sets the same text, at that size, in that width, so it breaks into the
 * same lines and takes the room it was planned with. A piece shrinks
 * first (one line, down to its floor), then wraps (the largest size at
 * which it takes at most its lines), and only then is refused.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <pango/pangocairo.h>

#include "core/utf8.h"
#include "export/sheet_impl.h"

/* Sizes are tried in quarter points. */
#define STEP 0.25

/*
 * Text set at size: a layout at the nominal size and the factor that
 * scales it to size (type without hinting scales linearly). Measuring
 * and drawing both go through it, so a fitted piece draws exactly as
 * measured.
 */
struct set {
    PangoLayout *layout;
    double k;
};

/* A width in the layout's Pango units, as measuring and drawing both
 * round it. */
static int
pango_width(const struct set *s, double width)
{
    double w = width / s->k * PANGO_SCALE;
    return w < INT32_MAX ? (int)w : INT32_MAX;
}

/* No line break within a word of text (between spaces): Pango would
 * break after a hyphen-minus too. */
static void
keep_words(PangoLayout *l, const char *text)
{
    PangoAttrList *given = pango_layout_get_attributes(l);
    PangoAttrList *attrs =
        given ? pango_attr_list_copy(given) : pango_attr_list_new();
    for (size_t at = 0; text[at];) {
        size_t len = strcspn(text + at, " ");
        if (len > 1) {
            PangoAttribute *a = pango_attr_allow_breaks_new(FALSE);
            a->start_index = (guint)at;
            a->end_index = (guint)(at + len);
            pango_attr_list_insert(attrs, a);
        }
        at += len;
        at += text[at] == ' ';
    }
    pango_layout_set_attributes(l, attrs);
    pango_attr_list_unref(attrs);
}

/* Text at size: one line, or wrapped to width (wrap), between words only
 * (words); the alignment only places lines within the width. The caller
 * unrefs s.layout. */
static struct set
set(struct maze__type *t, const char *text, bool bold, double size, bool wrap,
    bool words, double width, bool centred)
{
    struct set s = {maze__type_layout(t, text, bold),
                    size / MAZE__TYPE_NOMINAL};
    if (words) {
        keep_words(s.layout, text);
    }
    if (wrap) {
        pango_layout_set_width(s.layout, pango_width(&s, width));
        pango_layout_set_wrap(s.layout, PANGO_WRAP_WORD_CHAR);
    }
    pango_layout_set_alignment(s.layout,
                               centred ? PANGO_ALIGN_CENTER : PANGO_ALIGN_LEFT);
    return s;
}

/* The logical extents of s in points on the page: x (of the ink's
 * start), width and height. */
static void
extents(const struct set *s, double *x, double *w, double *h)
{
    PangoRectangle logical;
    pango_layout_get_extents(s->layout, NULL, &logical);
    *x = (double)logical.x / PANGO_SCALE * s->k;
    *w = (double)logical.width / PANGO_SCALE * s->k;
    *h = (double)logical.height / PANGO_SCALE * s->k;
}

/* Whether text at size takes at most max_lines of width; fills *out. */
static bool
fits(struct maze__type *t, const char *text, bool bold, bool words, double size,
     unsigned max_lines, double width, double max_height,
     struct maze__text *out)
{
    struct set s = set(t, text, bold, size, max_lines > 1, words, width, false);
    PangoRectangle logical;
    pango_layout_get_extents(s.layout, NULL, &logical);
    unsigned lines = (unsigned)pango_layout_get_line_count(s.layout);
    bool within = logical.width <= pango_width(&s, width);
    g_object_unref(s.layout);
    *out = (struct maze__text){
        .size = size,
        .lines = lines,
        .height = (double)logical.height / PANGO_SCALE * s.k,
        .words = words,
    };
    return lines <= max_lines && within &&
           (max_height <= 0 || out->height <= max_height);
}

double
maze__text_width(struct maze__type *t, const char *text, bool bold, double size)
{
    maze__type_lock();
    struct set s = set(t, text, bold, size, false, false, 0, false);
    double x, w, h;
    extents(&s, &x, &w, &h);
    g_object_unref(s.layout);
    maze__type_unlock();
    return w;
}

double
maze__text_baseline(struct maze__type *t, const char *text, bool bold,
                    double size)
{
    maze__type_lock();
    struct set s = set(t, text, bold, size, false, false, 0, false);
    double b = (double)pango_layout_get_baseline(s.layout) / PANGO_SCALE * s.k;
    g_object_unref(s.layout);
    maze__type_unlock();
    return b;
}

/* maze__text_fit(), with the fonts locked. */
static int
fit(struct maze__type *t, const char *text, const struct maze__text_rule *r,
    double width, struct maze__text *out)
{
    if (text[0] == '\0') {
        *out = (struct maze__text){.size = r->size, .words = r->words};
        return MAZE_OK;
    }
    if (!r->paragraph && strchr(text, '\n') == NULL) {
        /* One line: as it is, or shrunk in proportion to its width,
         * checked, and stepped down. */
        struct set one =
            set(t, text, r->bold, r->size, false, r->words, width, false);
        double x, w, h;
        extents(&one, &x, &w, &h);
        g_object_unref(one.layout);
        double s = r->size;
        if (w > width) {
            s = floor(r->size * width / w / STEP) * STEP;
        }
        for (; s >= r->floor - 1e-9; s -= STEP) {
            if (fits(t, text, r->bold, r->words, s, 1, width, r->max_height,
                     out)) {
                return MAZE_OK;
            }
        }
    }
    /* Wrapped: the largest size at which it takes at most r->lines. */
    long lo = (long)ceil(r->floor / STEP - 1e-9);
    long hi = (long)floor(r->size / STEP + 1e-9);
    if (r->lines < 2 || !fits(t, text, r->bold, r->words, lo * STEP, r->lines,
                              width, r->max_height, out)) {
        return MAZE_ERR_RANGE;
    }
    while (lo < hi) {
        long mid = lo + (hi - lo + 1) / 2;
        struct maze__text m;
        if (fits(t, text, r->bold, r->words, mid * STEP, r->lines, width,
                 r->max_height, &m)) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    fits(t, text, r->bold, r->words, lo * STEP, r->lines, width, r->max_height,
         out);
    return MAZE_OK;
}

int
maze__text_fit(struct maze__type *t, const char *text,
               const struct maze__text_rule *r, double width,
               struct maze__text *out)
{
    maze__type_lock();
    int rc = fit(t, text, r, width, out);
    maze__type_unlock();
    return rc;
}

size_t
maze__text_fits_chars(struct maze__type *t, const char *text,
                      const char *suffix, const struct maze__text_rule *r,
                      double width)
{
    size_t n = strlen(text), tail = strlen(suffix);
    char *copy = malloc(n + tail + 1);
    if (copy == NULL) {
        return 0;
    }
    /* Characters are counted, and cut, at UTF-8 sequence starts. */
    size_t lo = 0, hi = (size_t)g_utf8_strlen(text, (gssize)n);
    maze__type_lock();
    while (lo < hi) {
        size_t mid = lo + (hi - lo + 1) / 2;
        size_t cut =
            (size_t)(g_utf8_offset_to_pointer(text, (glong)mid) - text);
        memcpy(copy, text, cut);
        memcpy(copy + cut, suffix, tail + 1);
        struct maze__text got;
        if (fit(t, copy, r, width, &got) == MAZE_OK) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    maze__type_unlock();
    free(copy);
    return lo;
}

void
maze__text_draw(struct maze__type *t, cairo_t *cr, const char *text, bool bold,
                const struct maze__text *fit, double x, double y, double width,
                bool centred)
{
    if (text[0] == '\0') {
        return;
    }
    maze__type_lock();
    struct set s = set(t, text, bold, fit->size, fit->lines > 1, fit->words,
                       width, centred);
    if (fit->lines <= 1) {
        /* One line, placed by hand: a width would let Pango wrap it. */
        double lx, w, h;
        extents(&s, &lx, &w, &h);
        PangoLayoutLine *line = pango_layout_get_line_readonly(s.layout, 0);
        bool rtl = line != NULL && line->resolved_dir == PANGO_DIRECTION_RTL;
        x += centred ? (width - w) / 2 : rtl ? width - w : 0;
        x -= lx;
    }
    cairo_save(cr);
    cairo_translate(cr, x, y);
    cairo_scale(cr, s.k, s.k);
    cairo_move_to(cr, 0, 0);
    pango_cairo_show_layout(cr, s.layout);
    cairo_restore(cr);
    g_object_unref(s.layout);
    maze__type_unlock();
}

/* Labels drawn inside a maze's picture ("Level 2" over each level of
 * a 3D sheet): in the sheet's type, shrunk to their band. */
double
maze__sheet_label_size(const struct maze__sheet *sheet, const char *text,
                       double size, double width)
{
    double w = maze__text_width(sheet->type, text, true, size);
    /* A longer word than "Level" (Verdieping) shrinks to its band's
     * width, in quarter points as all text does. */
    if (w > 0.9 * width && width > 0) {
        size = fmax(0.25, floor(size * 0.9 * width / w * 4) / 4);
    }
    return size;
}

void
maze__sheet_set_label(const struct maze__sheet *sheet, cairo_t *cr,
                      const char *text, double x, double y, double size,
                      double width)
{
    size = maze__sheet_label_size(sheet, text, size, width);
    double w = maze__text_width(sheet->type, text, true, size);
    double base = maze__text_baseline(sheet->type, text, true, size);
    struct maze__text fit = {.size = size, .lines = 1};
    /* Its baseline where cairo's text had it: the capitals (0.7 of the
     * size) centred on y. */
    maze__text_draw(sheet->type, cr, text, true, &fit, x - w / 2 - 1,
                    y + 0.35 * size - base, w + 2, true);
}
