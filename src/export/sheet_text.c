/*
 * Type on a sheet: selecting it, measuring it, drawing a line of it, and
 * wrapping the instructions to the page. Planning (sheet_frame.c) and
 * drawing (sheet_draw.c) both measure with these, with unhinted metrics,
 * so text takes the width on the page that it was planned with.
 */
#include <stdlib.h>
#include <string.h>

#include "core/utf8.h"
#include "export/sheet_impl.h"

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

/*
 * Selects the type. Metrics are unhinted so that text measured while
 * planning (on a scratch image surface) has exactly the width it is drawn
 * with on a PDF, SVG or PNG page.
 */
void
maze__sheet_set_font(cairo_t *cr, double size, bool bold)
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

double
maze__sheet_text_width(cairo_t *cr, const char *s)
{
    cairo_text_extents_t ext;
    cairo_text_extents(cr, s, &ext);
    return ext.x_advance;
}

/* Draws s with its left end at x, or centred on x, on baseline y. */
void
maze__sheet_show(cairo_t *cr, const char *s, double x, double y, bool centred)
{
    cairo_move_to(cr, centred ? x - maze__sheet_text_width(cr, s) / 2 : x, y);
    cairo_show_text(cr, s);
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
 * more than MAZE__SHEET_MAX_LINES lines are needed.
 */
int
maze__sheet_wrap(cairo_t *cr, struct maze__sheet *sh, const char *src,
                 double width)
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
    maze__sheet_set_font(cr, MAZE__SHEET_TEXT_PT, false);
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
        if (sh->lines == MAZE__SHEET_MAX_LINES) {
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
            if (maze__sheet_text_width(cr, line) > width && end > pos) {
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
