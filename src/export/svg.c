/* SPDX-License-Identifier: MIT */
/*
 * The SVG exporter: documents that can be inlined in HTML any number of
 * times and restyled. The root element, its <title> and background are
 * written here; a maze is written as classed layers by svg_draw.c. A
 * sheet's text needs cairo (glyph outlines as <symbol>s): cairo's SVG for
 * the page without its mazes passes through a filter that drops its
 * prolog and root tag and prefixes every id and reference to one, and
 * the mazes go on top. A core build (no drawing) writes lone mazes only.
 *
 * Every id starts with one prefix: --id-prefix, or "m" and a hash of the
 * document written once with a placeholder prefix, so that documents
 * that differ never share an id and the same document comes out byte for
 * byte. Both passes stream; nothing grows with the drawing.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <mazegen/version.h>
#if MAZE_HAS_DRAWING
#include <cairo-svg.h>

#include "export/cairo_util.h"
#endif
#include "export/export_impl.h"
#include "export/sheet.h"
#include "export/svg_draw.h"

/* Past this cairo's 24.8 fixed-point coordinates lose the drawing. */
#define SVG_MAX_SIDE 1000000.0

/* The prefix of the hashing pass: as long as a real one. */
#define SVG_PLACEHOLDER "m000000000000"

bool
maze_id_prefix_valid(const char *s)
{
    if (s == NULL) {
        return false;
    }
    size_t n = 0;
    for (; s[n]; n++) {
        char c = s[n];
        bool alpha = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
        bool other = (c >= '0' && c <= '9') || c == '-' || c == '.';
        if (!(alpha || c == '_' || (n > 0 && other))) {
            return false;
        }
    }
    return n >= 1 && n <= MAZE_ID_PREFIX_MAX;
}

/* The root element, its title and description, and the background. */
struct svg_doc {
    double width, height;
    const char *title, *desc;
    bool white;
};

static void
attr_id(struct maze__svg_out *o, const char *prefix, const char *name)
{
    maze__svg_put(o, prefix);
    maze__svg_put(o, "-");
    maze__svg_put(o, name);
}

static void
prolog(struct maze__svg_out *o, const struct svg_doc *d, const char *prefix)
{
    maze__svg_put(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                     "<svg xmlns=\"http://www.w3.org/2000/svg\" "
                     "xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
                     "xmlns:inkscape=\"http://www.inkscape.org/namespaces/"
                     "inkscape\" width=\"");
    maze__svg_num(o, d->width);
    maze__svg_put(o, "pt\" height=\"");
    maze__svg_num(o, d->height);
    maze__svg_put(o, "pt\" viewBox=\"0 0 ");
    maze__svg_num(o, d->width);
    maze__svg_put(o, " ");
    maze__svg_num(o, d->height);
    maze__svg_put(o, "\" version=\"1.1\" role=\"img\" aria-labelledby=\"");
    attr_id(o, prefix, "title");
    maze__svg_put(o, "\" aria-describedby=\"");
    attr_id(o, prefix, "desc");
    maze__svg_put(o, "\">\n<title id=\"");
    attr_id(o, prefix, "title");
    maze__svg_put(o, "\">");
    maze__svg_escaped(o, d->title);
    maze__svg_put(o, "</title>\n<desc id=\"");
    attr_id(o, prefix, "desc");
    maze__svg_put(o, "\">Made by mazegen " MAZEGEN_VERSION ". ");
    maze__svg_escaped(o, d->desc);
    maze__svg_put(o, "</desc>\n");
    if (d->white) {
        maze__svg_put(o, "<rect class=\"mazegen-background\" width=\"");
        maze__svg_num(o, d->width);
        maze__svg_put(o, "\" height=\"");
        maze__svg_num(o, d->height);
        maze__svg_put(o, "\" fill=\"#ffffff\"/>\n");
    }
}

static const struct maze_svg_options no_svg_options = MAZE_SVG_OPTIONS_INIT;

static const struct maze_svg_options *
svg_options(const struct maze_export_options *opt)
{
    return opt->svg ? opt->svg : &no_svg_options;
}

/* Writes a whole document to o with ids starting prefix. */
typedef int (*svg_doc_fn)(struct maze__svg_out *o, const void *ctx,
                          const char *prefix);

/* FNV-1a, 64 bits: the hashing pass's sink. */
static int
hash_write(void *ctx, const void *data, size_t len)
{
    uint64_t *h = ctx;
    const unsigned char *p = data;
    for (size_t i = 0; i < len; i++) {
        *h = (*h ^ p[i]) * 0x100000001b3ull;
    }
    return 0;
}

/* Writes the document with the prefix asked for or hashed from it. */
static int
write_doc(svg_doc_fn doc, const void *ctx, const struct maze_svg_options *svg,
          const struct maze_sink *sink)
{
    struct maze__svg_out o;
    char prefix[MAZE_ID_PREFIX_MAX + 1];
    int rc;
    if (svg->id_prefix != NULL) {
        if (!maze_id_prefix_valid(svg->id_prefix)) {
            return MAZE_ERR_INVALID;
        }
        snprintf(prefix, sizeof(prefix), "%s", svg->id_prefix);
    } else {
        uint64_t h = 0xcbf29ce484222325ull;
        struct maze_sink hs = {hash_write, &h};
        o = (struct maze__svg_out){.sink = &hs};
        rc = doc(&o, ctx, SVG_PLACEHOLDER);
        if (rc != MAZE_OK) {
            return rc;
        }
        snprintf(prefix, sizeof(prefix), "m%012llx",
                 (unsigned long long)(h >> 16));
    }
    o = (struct maze__svg_out){.sink = sink};
    return doc(&o, ctx, prefix);
}

/* A lone maze, and what goes on top of it (an animation's overlay). */
struct svg_maze {
    const struct maze *maze;
    const struct maze__drawing *d;
    const struct maze_svg_options *svg;
    maze__svg_extra_fn extra;
    const void *extra_ctx;
};

static int
maze_doc(struct maze__svg_out *o, const void *ctx, const char *prefix)
{
    const struct svg_maze *m = ctx;
    struct svg_doc doc = {
        .width = m->d->pg.width,
        .height = m->d->pg.height,
        .title = m->d->describe,
        .desc = m->maze->grid->ops->stairs == NULL
                    ? (m->d->solution
                           ? "Start: green, finish: red, solution in blue."
                           : "Start: green, finish: red.")
                    : (m->d->solution
                           ? "Start: green, finish: red, solution in blue. "
                             "Levels side by side; a triangle pointing up "
                             "is a stair to the next level, pointing down "
                             "to the one before, a diamond both."
                           : "Start: green, finish: red. Levels side by "
                             "side; a triangle pointing up is a stair to the "
                             "next level, pointing down to the one before, a "
                             "diamond both."),
        .white = m->svg->background == MAZE_BACKGROUND_WHITE,
    };
    prolog(o, &doc, prefix);
    struct maze__svg_maze how = {.prefix = prefix, .plotter = m->svg->plotter};
    int rc = maze__svg_draw_maze(o, m->maze, &m->d->lay, &m->d->pg, &how);
    if (rc == MAZE_OK && m->extra != NULL) {
        rc = m->extra(o, m->maze, m->d, prefix, m->extra_ctx);
    }
    maze__svg_put(o, "</svg>\n");
    maze__svg_flush(o);
    return rc != MAZE_OK ? rc : o->rc;
}

int
maze__svg_write_maze(const struct maze *maze,
                     const struct maze_export_options *opt,
                     maze__svg_extra_fn extra, const void *extra_ctx,
                     const struct maze_sink *sink)
{
    struct maze__drawing d = {0};
    int rc = maze__drawing_init(&d, maze, opt, SVG_MAX_SIDE);
    if (rc == MAZE_OK) {
        struct svg_maze m = {maze, &d, svg_options(opt), extra, extra_ctx};
        rc = write_doc(maze_doc, &m, m.svg, sink);
    }
    maze__layout_finish(&d.lay);
    return rc;
}

static int
svg_write(const struct maze *maze, const struct maze_export_options *opt,
          const struct maze_sink *sink)
{
    return maze__svg_write_maze(maze, opt, NULL, NULL, sink);
}

#if MAZE_HAS_DRAWING
/*
 * cairo's SVG of a sheet's text, passed on with three edits. Everything
 * up to the end of its root <svg ...> tag is dropped, and so is the
 * closing "</svg>\n" (held back as the last bytes): the text goes into
 * our root. Every ` id="`, `href="#` and `url(#` gets the prefix and a
 * '-' after it. And cairo's "surface<serial>" names, numbered by a
 * process-wide counter, are renumbered in order of first appearance, so
 * two exports in one process are the same bytes. Any of these may
 * straddle writes.
 */
#define SVG_IDS 16
#define SVG_SURFACE "surface"
#define SVG_SURFACE_LEN 7
#define SVG_HELD 32
#define SVG_TAIL "</svg>\n"
#define SVG_TAIL_LEN 7

static const char *const svg_refs[] = {" id=\"", "href=\"#", "url(#"};

struct svg_filter {
    struct maze__svg_out *out;
    const char *prefix;
    bool failed;     /* the sink refused: for maze__cairo_result() */
    unsigned opened; /* characters of "<svg" seen; 4 inside the tag */
    bool body;       /* past the root tag */
    char held[SVG_HELD];
    size_t held_len;
    unsigned long long ids[SVG_IDS];
    size_t id_count;
    char tail[SVG_TAIL_LEN];
    size_t tail_len;
};

/* The last stage: passes on all but the last SVG_TAIL_LEN bytes. */
static void
delayed(struct svg_filter *f, const char *p, size_t n)
{
    char both[2 * SVG_TAIL_LEN];
    while (n > 0) {
        size_t k = n < SVG_TAIL_LEN ? n : SVG_TAIL_LEN;
        memcpy(both, f->tail, f->tail_len);
        memcpy(both + f->tail_len, p, k);
        size_t all = f->tail_len + k;
        size_t out = all > SVG_TAIL_LEN ? all - SVG_TAIL_LEN : 0;
        maze__svg_write(f->out, both, out);
        f->tail_len = all - out;
        memcpy(f->tail, both + out, f->tail_len);
        p += k;
        n -= k;
        /* The bulk of a long write goes straight through. */
        if (n > SVG_TAIL_LEN) {
            maze__svg_write(f->out, f->tail, f->tail_len);
            maze__svg_write(f->out, p, n - SVG_TAIL_LEN);
            memcpy(f->tail, p + n - SVG_TAIL_LEN, SVG_TAIL_LEN);
            f->tail_len = SVG_TAIL_LEN;
            return;
        }
    }
}

/* Whether the held bytes begin a reference or a surface name. */
static bool
held_may_match(const struct svg_filter *f)
{
    size_t n = f->held_len;
    for (size_t i = 0; i < sizeof(svg_refs) / sizeof(svg_refs[0]); i++) {
        if (n <= strlen(svg_refs[i]) && memcmp(f->held, svg_refs[i], n) == 0) {
            return true;
        }
    }
    if (memcmp(f->held, SVG_SURFACE,
               n < SVG_SURFACE_LEN ? n : SVG_SURFACE_LEN) != 0) {
        return false;
    }
    for (size_t i = SVG_SURFACE_LEN; i < n; i++) {
        if (f->held[i] < '0' || f->held[i] > '9') {
            return false;
        }
    }
    return n < SVG_HELD;
}

/* Writes the held surface name of n bytes, renumbered. */
static void
surface(struct svg_filter *f, size_t n)
{
    unsigned long long serial = 0;
    for (size_t i = SVG_SURFACE_LEN; i < n; i++) {
        serial = serial * 10 + (unsigned)(f->held[i] - '0');
    }
    size_t k = 0;
    while (k < f->id_count && f->ids[k] != serial) {
        k++;
    }
    if (k == SVG_IDS) {
        /* More surfaces than a page ever makes: keep the name. */
        delayed(f, f->held, n);
        return;
    }
    if (k == f->id_count) {
        f->ids[f->id_count++] = serial;
    }
    char name[32];
    int len = snprintf(name, sizeof(name), SVG_SURFACE "%zu", k + 1);
    delayed(f, name, (size_t)len);
}

/* Drops the first n held bytes. */
static void
shift(struct svg_filter *f, size_t n)
{
    memmove(f->held, f->held + n, f->held_len - n);
    f->held_len -= n;
}

/* Acts on the held bytes until they could still grow into a match. */
static void
settle(struct svg_filter *f)
{
    while (f->held_len > 0) {
        for (size_t i = 0; i < sizeof(svg_refs) / sizeof(svg_refs[0]); i++) {
            size_t n = strlen(svg_refs[i]);
            if (f->held_len == n && memcmp(f->held, svg_refs[i], n) == 0) {
                delayed(f, f->held, n);
                delayed(f, f->prefix, strlen(f->prefix));
                delayed(f, "-", 1);
                f->held_len = 0;
                return;
            }
        }
        if (held_may_match(f)) {
            return;
        }
        size_t n = f->held_len - 1;
        if (n > SVG_SURFACE_LEN &&
            memcmp(f->held, SVG_SURFACE, SVG_SURFACE_LEN) == 0) {
            /* "surface<digits>" ended by the last byte. */
            surface(f, n);
            shift(f, n);
            continue;
        }
        delayed(f, f->held, 1);
        shift(f, 1);
    }
}

static void
rewrite(struct svg_filter *f, const unsigned char *data, size_t len)
{
    size_t span = 0; /* start of bytes that can begin no match */
    for (size_t i = 0; i < len; i++) {
        char c = (char)data[i];
        if (f->held_len == 0 && c != ' ' && c != 'h' && c != 'u' && c != 's') {
            continue;
        }
        delayed(f, (const char *)data + span, i - span);
        span = i + 1;
        f->held[f->held_len++] = c;
        settle(f);
    }
    delayed(f, (const char *)data + span, len - span);
}

static cairo_status_t
filter_write(void *closure, const unsigned char *data, unsigned int length)
{
    struct svg_filter *f = closure;
    size_t i = 0;
    static const char open[] = "<svg";
    for (; !f->body && i < length; i++) {
        if (f->opened == 4) {
            f->body = data[i] == '>';
        } else if (data[i] == (unsigned char)open[f->opened]) {
            f->opened++;
        } else {
            f->opened = data[i] == '<';
        }
    }
    rewrite(f, data + i, length - i);
    if (f->out->rc != MAZE_OK) {
        f->failed = true;
        return CAIRO_STATUS_WRITE_ERROR;
    }
    return CAIRO_STATUS_SUCCESS;
}

/* What is left once cairo has finished: the held bytes, and the check
 * that the document had the root tag and its end. */
static int
filter_close(struct svg_filter *f, int rc)
{
    if (rc != MAZE_OK) {
        return rc;
    }
    size_t n = f->held_len;
    if (n > SVG_SURFACE_LEN &&
        memcmp(f->held, SVG_SURFACE, SVG_SURFACE_LEN) == 0) {
        surface(f, n);
    } else {
        delayed(f, f->held, n);
    }
    f->held_len = 0;
    if (f->out->rc != MAZE_OK) {
        return f->out->rc;
    }
    if (!f->body || f->tail_len != SVG_TAIL_LEN ||
        memcmp(f->tail, SVG_TAIL, SVG_TAIL_LEN) != 0) {
        return MAZE_ERR_BACKEND;
    }
    return MAZE_OK;
}

struct svg_sheet {
    const struct maze__sheet *sh;
    const struct maze_svg_options *svg;
    /* The page drawn (from 0). */
    size_t page;
};

/* The page's text, through cairo and the filter. */
static int
sheet_text(struct maze__svg_out *o, const struct maze__sheet *sh, size_t page,
           const char *prefix)
{
    struct svg_filter f = {.out = o, .prefix = prefix};
    cairo_surface_t *surface = cairo_svg_surface_create_for_stream(
        filter_write, &f, sh->width, sh->height);
    int rc = maze__cairo_result(cairo_surface_status(surface), f.failed);
    if (rc == MAZE_OK) {
        /* cairo 1.16 defaults to unitless user units; ask for points. */
        cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PT);
        cairo_t *cr = cairo_create(surface);
        rc = maze__sheet_draw_text(cr, sh, page);
        rc = filter_close(&f, maze__cairo_finish(surface, cr, rc, &f.failed));
    }
    cairo_surface_destroy(surface);
    return rc;
}

static int
sheet_doc(struct maze__svg_out *o, const void *ctx, const char *prefix)
{
    const struct svg_sheet *s = ctx;
    const struct maze__sheet *sh = s->sh;
    char title[800], subject[200], what[320];
    maze__sheet_subject(sh, subject, sizeof(subject));
    /* The title names the maze, whatever the page's own title says; a
     * page of several names their seeds. */
    const struct maze__sheet_page *drawn = &sh->pages[s->page];
    if (sh->count == 1) {
        maze__describe(sh->puzzles[0].maze, what, sizeof(what));
    } else if (sh->page_count > 1) {
        /* One page of a book: the seeds of the puzzles (or keys) on it. */
        size_t n = (size_t)snprintf(what, sizeof(what),
                                    "%s, page %zu of %zu, "
                                    "seeds",
                                    subject, s->page + 1, sh->page_count);
        const char *sep = "";
        for (size_t i = 0; i < drawn->count && n < sizeof(what); i++) {
            const struct maze__slot *slot = &sh->slots[drawn->first + i];
            if (slot->key != drawn->keys) {
                continue;
            }
            n += (size_t)snprintf(
                what + n, sizeof(what) - n, "%s %llu", sep,
                (unsigned long long)maze_provenance(slot->puzzle->maze)->seed);
            sep = ",";
        }
    } else {
        size_t n = (size_t)snprintf(what, sizeof(what), "%s, seeds", subject);
        for (size_t i = 0; i < sh->count && n < sizeof(what); i++) {
            n += (size_t)snprintf(
                what + n, sizeof(what) - n, "%s %llu", i ? "," : "",
                (unsigned long long)maze_provenance(sh->puzzles[i].maze)->seed);
        }
    }
    snprintf(title, sizeof(title), "%s%s%s", sh->title,
             sh->title[0] ? ": " : "", what);
    struct svg_doc doc = {
        .width = sh->width,
        .height = sh->height,
        .title = title,
        .desc = subject,
        .white = s->svg->background != MAZE_BACKGROUND_NONE,
    };
    prolog(o, &doc, prefix);
    maze__svg_put(o, "<g class=\"mazegen-text\">\n");
    int rc = sheet_text(o, sh, s->page, prefix);
    maze__svg_put(o, "</g>\n");
    const struct maze__sheet_page *page = &sh->pages[s->page];
    for (size_t i = 0; i < page->count && rc == MAZE_OK; i++) {
        const struct maze__slot *slot = &sh->slots[page->first + i];
        struct maze__layout lay;
        rc = maze__layout_build(slot->puzzle->maze,
                                slot->solved ? slot->puzzle->solution : NULL,
                                &lay);
        if (rc != MAZE_OK) {
            break;
        }
        struct maze__page pg;
        maze__sheet_slot_page(slot, &pg);
        maze__page_layout(&pg, &lay, false);
        struct maze__svg_maze how = {
            .prefix = prefix,
            .index = page->count > 1 ? (unsigned)i + 1 : 0,
            .plotter = s->svg->plotter,
            .rotated = slot->rotated,
            .cx = slot->box.x + slot->box.w / 2,
            .cy = slot->box.y + slot->box.h / 2,
        };
        rc = maze__svg_draw_maze(o, slot->puzzle->maze, &lay, &pg, &how);
        maze__layout_finish(&lay);
    }
    maze__svg_put(o, "</svg>\n");
    maze__svg_flush(o);
    return rc != MAZE_OK ? rc : o->rc;
}

/* One page of paper (the only one, or the one asked for of a book):
 * white unless asked otherwise, so it reads as a sheet on any
 * background. */
static int
svg_write_sheet(const struct maze__sheet *sh,
                const struct maze_export_options *opt,
                const struct maze_sink *sink)
{
    struct svg_sheet s = {sh, svg_options(opt), 0};
    int rc = maze__sheet_page_pick(sh, &s.page);
    return rc != MAZE_OK ? rc : write_doc(sheet_doc, &s, s.svg, sink);
}

#endif

static const char *const svg_ext[] = {"svg", NULL};

const struct maze__exporter maze__export_svg = {
    .info =
        {
            .name = "svg",
            .extensions = svg_ext,
            .description = "Scalable Vector Graphics, sized in points",
            .flags = MAZE_FORMAT_VECTOR,
#if MAZE_HAS_DRAWING
            .draws = MAZE_DRAWS_RECT | MAZE_DRAWS_ANY_GRID | MAZE_DRAWS_LONE |
                     MAZE_DRAWS_SHEET | MAZE_DRAWS_SOLUTION,
#else
            /* A sheet's text needs cairo and Pango. */
            .draws = MAZE_DRAWS_RECT | MAZE_DRAWS_ANY_GRID | MAZE_DRAWS_LONE |
                     MAZE_DRAWS_SOLUTION,
#endif
            .reads = MAZE_READS_CELL_SIZE | MAZE_READS_WALL_WIDTH |
                     MAZE_READS_MARGIN | MAZE_READS_SVG,
            .unit = MAZE_UNIT_PT,
            .cell_size = {12, MAZE_UNIT_PT},
            .dpi = 96,
            /* The layout's runs, and the text an SVG keeps per wall. */
            .memory = {.rect_per_cell = 60, .per_wall = 230},
        },
    .write = svg_write,
#if MAZE_HAS_DRAWING
    .write_sheet = svg_write_sheet,
#endif
};
