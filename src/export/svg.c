/*
 * The SVG exporter: a cairo SVG surface writing to the sink through a
 * stream callback, drawing a lone maze with cairo_util.c or the one page
 * of a sheet with sheet_draw.c. SVG has no title API in cairo, so a small
 * filter on the stream inserts <title> and <desc> right after the opening
 * <svg> tag, and renames cairo's surface ids so that output is
 * byte-identical from run to run.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cairo-svg.h>

#include "export/cairo_util.h"
#include "export/export_impl.h"
#include "export/sheet.h"
#include <mazegen/version.h>

/* Past this cairo's 24.8 fixed-point coordinates lose the drawing. */
#define SVG_MAX_SIDE 1000000.0

/*
 * Passes cairo's SVG through to the sink with two edits. It inserts
 * `insert` after the '>' that closes the opening <svg ...> tag (cairo
 * writes no '>' inside its attribute values). And it renames cairo's
 * "surface<serial>" ids: cairo numbers them with a process-wide counter of
 * every surface ever created, so two exports of one maze in one process
 * would differ; renamed in order of first appearance (surface1, ...), ids
 * and references stay consistent. Either may straddle writes.
 */
#define SVG_IDS 16
#define SVG_WORD "surface"
#define SVG_WORD_LEN 7
#define SVG_DIGITS 18

struct svg_filter {
    struct maze__cairo_sink out;
    const char *insert;
    unsigned matched; /* characters of "<svg" seen so far; 4 inside it */
    bool done;        /* whether insert has been written */
    /* A possible "surface<digits>" being read, and the serials seen. */
    char held[SVG_WORD_LEN + SVG_DIGITS];
    size_t held_len;
    unsigned long long ids[SVG_IDS];
    size_t id_count;
};

static int
raw(struct svg_filter *f, const void *data, size_t len)
{
    return maze__cairo_write(&f->out, data, (unsigned)len);
}

/* Writes out what is held, renamed when it is a whole id. */
static int
release(struct svg_filter *f)
{
    size_t n = f->held_len;
    f->held_len = 0;
    if (n <= SVG_WORD_LEN) {
        return raw(f, f->held, n);
    }
    unsigned long long serial = 0;
    for (size_t i = SVG_WORD_LEN; i < n; i++) {
        serial = serial * 10 + (unsigned)(f->held[i] - '0');
    }
    size_t k = 0;
    while (k < f->id_count && f->ids[k] != serial) {
        k++;
    }
    if (k == SVG_IDS) {
        /* More ids than this drawing ever makes: keep them as they are. */
        return raw(f, f->held, n);
    }
    if (k == f->id_count) {
        f->ids[f->id_count++] = serial;
    }
    char name[32];
    int len = snprintf(name, sizeof(name), SVG_WORD "%zu", k + 1);
    return raw(f, name, (size_t)len);
}

static int
rename_ids(struct svg_filter *f, const unsigned char *data, size_t len)
{
    size_t span = 0; /* start of the bytes passed on unchanged */
    for (size_t i = 0; i < len; i++) {
        unsigned char c = data[i];
        size_t h = f->held_len;
        bool more = h == 0 ? c == 's'
                    : h < SVG_WORD_LEN
                        ? c == (unsigned char)SVG_WORD[h]
                        : c >= '0' && c <= '9' && h < sizeof(f->held);
        if (!more && h == 0) {
            continue;
        }
        if (raw(f, data + span, i - span)) {
            return -1;
        }
        span = i + 1;
        if (!more) {
            if (release(f)) {
                return -1;
            }
            /* Only an 's' can begin the word again. */
            if (c != 's') {
                span = i;
                continue;
            }
        }
        f->held[f->held_len++] = (char)c;
    }
    return raw(f, data + span, len - span);
}

/* The offset just past the tag's '>' in data, or SIZE_MAX if not there. */
static size_t
svg_tag_end(struct svg_filter *f, const unsigned char *data, size_t len)
{
    static const char open[] = "<svg";
    for (size_t i = 0; i < len; i++) {
        unsigned char c = data[i];
        if (f->matched == 4) {
            if (c == '>') {
                return i + 1;
            }
        } else if (c == (unsigned char)open[f->matched]) {
            f->matched++;
        } else {
            f->matched = c == '<';
        }
    }
    return SIZE_MAX;
}

static cairo_status_t
svg_filter_write(void *closure, const unsigned char *data, unsigned int length)
{
    struct svg_filter *f = closure;
    size_t end = f->done ? SIZE_MAX : svg_tag_end(f, data, length);
    if (end == SIZE_MAX) {
        end = 0;
    } else if (rename_ids(f, data, end) ||
               raw(f, f->insert, strlen(f->insert))) {
        return CAIRO_STATUS_WRITE_ERROR;
    } else {
        f->done = true;
    }
    if (rename_ids(f, data + end, length - end)) {
        return CAIRO_STATUS_WRITE_ERROR;
    }
    return CAIRO_STATUS_SUCCESS;
}

/* Appends s to buf (holding *n of size bytes), with XML's five escapes
 * when escape is set; stops short rather than overflow. */
static void
append(char *buf, size_t size, size_t *n, const char *s, bool escape)
{
    for (; *s; s++) {
        const char *e = !escape      ? NULL
                        : *s == '&'  ? "&amp;"
                        : *s == '<'  ? "&lt;"
                        : *s == '>'  ? "&gt;"
                        : *s == '"'  ? "&quot;"
                        : *s == '\'' ? "&apos;"
                                     : NULL;
        size_t len = e ? strlen(e) : 1;
        if (*n + len >= size) {
            break;
        }
        memcpy(buf + *n, e ? e : s, len);
        *n += len;
    }
    buf[*n] = '\0';
}

/* The <title> and <desc> elements: XML-escaped, from valid UTF-8. */
static void
svg_header(char *buf, size_t size, const char *title, const char *desc)
{
    size_t n = 0;
    append(buf, size, &n, "\n<title>", false);
    append(buf, size, &n, title, true);
    append(buf, size, &n, "</title>\n<desc>", false);
    append(buf, size, &n, "Made by mazegen " MAZEGEN_VERSION ". ", true);
    append(buf, size, &n, desc, true);
    append(buf, size, &n, "</desc>", false);
}

/*
 * Opens an SVG surface of the given size through the filter; the filter's
 * insert must already hold the header.
 */
static int
svg_open(struct svg_filter *f, double width, double height,
         cairo_surface_t **out)
{
    *out =
        cairo_svg_surface_create_for_stream(svg_filter_write, f, width, height);
    int rc = maze__cairo_result(cairo_surface_status(*out), f->out.failed);
    if (rc == MAZE_OK) {
        /* cairo 1.16 defaults to unitless user units; ask for points. */
        cairo_svg_surface_set_document_unit(*out, CAIRO_SVG_UNIT_PT);
    }
    return rc;
}

/* What is left to do once cairo has finished an SVG document. */
static int
svg_close(struct svg_filter *f, int rc)
{
    if (rc == MAZE_OK && release(f)) {
        rc = MAZE_ERR_IO;
    }
    if (rc == MAZE_OK && !f->done) {
        rc = MAZE_ERR_BACKEND;
    }
    return rc;
}

static int
svg_write(const struct maze *maze, const struct maze_export_options *opt,
          const struct maze_sink *sink)
{
    struct maze__drawing d = {0};
    char header[1024];
    struct svg_filter f = {.out = {sink, false}, .insert = header};
    cairo_surface_t *surface = NULL;
    int rc = maze__drawing_init(&d, maze, opt, SVG_MAX_SIDE);
    if (rc != MAZE_OK) {
        goto out;
    }
    svg_header(header, sizeof(header), d.describe,
               d.solution ? "Start: green, finish: red, solution in blue."
                          : "Start: green, finish: red.");
    rc = svg_open(&f, d.pg.width, d.pg.height, &surface);
    if (rc == MAZE_OK) {
        rc = svg_close(&f,
                       maze__drawing_render(surface, maze, &d, &f.out.failed));
    }

out:
    cairo_surface_destroy(surface);
    maze__layout_finish(&d.lay);
    return rc;
}

/* One page of paper, white, so it reads as a sheet on any background. */
static int
svg_write_sheet(const struct maze__sheet *sh,
                const struct maze_export_options *opt,
                const struct maze_sink *sink)
{
    (void)opt;
    if (sh->page_count != 1) {
        return MAZE_ERR_RANGE;
    }
    char header[1024], subject[200];
    maze__sheet_subject(sh, subject, sizeof(subject));
    svg_header(header, sizeof(header), sh->title[0] ? sh->title : subject,
               subject);
    struct svg_filter f = {.out = {sink, false}, .insert = header};
    cairo_surface_t *surface;
    int rc = svg_open(&f, sh->width, sh->height, &surface);
    if (rc == MAZE_OK) {
        cairo_t *cr = cairo_create(surface);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_paint(cr);
        rc = maze__sheet_draw_page(cr, sh, 0);
        rc = svg_close(&f, maze__cairo_finish(surface, cr, rc, &f.out.failed));
    }
    cairo_surface_destroy(surface);
    return rc;
}

static const char *const svg_ext[] = {"svg", NULL};

const struct maze__exporter maze__export_svg = {
    .info =
        {
            .name = "svg",
            .extensions = svg_ext,
            .description = "Scalable Vector Graphics, sized in points",
            .flags = MAZE_FORMAT_VECTOR,
        },
    .write = svg_write,
    .write_sheet = svg_write_sheet,
};
