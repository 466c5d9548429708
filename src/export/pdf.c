/* SPDX-License-Identifier: MIT */
/*
 * The PDF exporter, and the "sheet" format (a PDF of puzzle pages): a
 * cairo PDF surface writing to the sink through a stream callback,
 * drawing a lone maze with cairo_util.c or the pages of a sheet with
 * sheet_draw.c. This file holds the glue: the surface, and the document's
 * metadata.
 *
 * Output must be byte-identical from run to run, so nothing here may
 * depend on the clock: cairo 1.16 stamps the current time into a PDF's
 * /CreationDate, and we replace it with SOURCE_DATE_EPOCH (the
 * reproducible-builds convention) or else the epoch.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <cairo-pdf.h>

#include "export/cairo_util.h"
#include "export/export_impl.h"
#include "export/pdf_pages.h"
#include "export/sheet.h"
#include <mazegen/version.h>

/* PDF 1.7 (ISO 32000-1, annex C) allows pages up to 200 inches a side. */
#define PDF_MAX_SIDE 14400.0

/*
 * Accepts SOURCE_DATE_EPOCH only as plain decimal seconds up to the end of
 * year 9999; anything else falls back to the epoch rather than failing.
 */
static void
creation_date(char *buf, size_t size)
{
    const char *env = getenv("SOURCE_DATE_EPOCH");
    long long secs = 0;
    for (const char *p = env ? env : ""; *p; p++) {
        if (*p < '0' || *p > '9' || secs > 253402300799LL / 10) {
            secs = 0;
            break;
        }
        secs = secs * 10 + (*p - '0');
    }
    if (secs > 253402300799LL) {
        secs = 0;
    }
    time_t when = (time_t)secs;
    struct tm tm;
    if (gmtime_r(&when, &tm) == NULL) {
        when = 0;
        gmtime_r(&when, &tm);
    }
    snprintf(buf, size, "%04d-%02d-%02dT%02d:%02d:%02dZ", tm.tm_year + 1900,
             tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
}

/* Title, subject, creator, keywords and a reproducible creation date. */
static void
pdf_metadata(cairo_surface_t *surface, const char *title, const char *subject,
             const char *keywords)
{
    char date[64];
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_SUBJECT,
                                   subject);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR,
                                   "mazegen " MAZEGEN_VERSION);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_KEYWORDS,
                                   keywords);
    creation_date(date, sizeof(date));
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE,
                                   date);
}

static int
pdf_write(const struct maze *maze, const struct maze_export_options *opt,
          const struct maze_sink *sink)
{
    struct maze__drawing d = {0};
    struct maze__cairo_sink cs = {sink, false};
    cairo_surface_t *surface = NULL;
    int rc = maze__drawing_init(&d, maze, opt, PDF_MAX_SIDE);
    if (rc != MAZE_OK) {
        goto out;
    }
    surface = cairo_pdf_surface_create_for_stream(maze__cairo_write, &cs,
                                                  d.pg.width, d.pg.height);
    rc = maze__cairo_result(cairo_surface_status(surface), cs.failed);
    if (rc != MAZE_OK) {
        goto out;
    }
    const struct maze_grid *g = maze->grid;
    char subject[160], keywords[160];
    snprintf(subject, sizeof(subject), "A %ux%u maze%s", g->width, g->height,
             d.solution ? " with its solution drawn" : " to solve");
    snprintf(keywords, sizeof(keywords), "maze, seed=%llu, size=%ux%u%s",
             (unsigned long long)maze->provenance.seed, g->width, g->height,
             d.solution ? ", answer key" : "");
    pdf_metadata(surface, d.describe, subject, keywords);
    rc = maze__drawing_render(surface, maze, &d, &cs.failed);

out:
    cairo_surface_destroy(surface);
    maze__layout_finish(&d.lay);
    return rc;
}

/*
 * The keywords of a sheet: its base seed when known (else the seed of its
 * one puzzle), and how many puzzles and pages it holds.
 */
static void
sheet_keywords(const struct maze__sheet *sh, char *buf, size_t size)
{
    uint64_t seed = sh->so.has_seed
                        ? sh->so.seed
                        : maze_provenance(sh->puzzles[0].maze)->seed;
    bool known = sh->so.has_seed || sh->count == 1;
    int n = snprintf(buf, size, "maze, puzzles=%zu, pages=%zu", sh->count,
                     sh->page_count);
    if (known && n > 0 && (size_t)n < size) {
        snprintf(buf + n, size - (size_t)n, ", seed=%llu",
                 (unsigned long long)seed);
    }
}

/* Page p's print boxes: the trim is the paper, the bleed the page. */
static bool
page_box(void *ctx, size_t p, struct maze__pdf_page_box *out)
{
    const struct maze__sheet *sh = ctx;
    if (!(sh->bleed > 0)) {
        return false;
    }
    double x = maze__sheet_trim_x(sh, p), b = sh->bleed;
    *out = (struct maze__pdf_page_box){
        .trim = {x, b, x + sh->width, b + sh->height},
        .bleed = {0, 0, maze__sheet_media_width(sh), sh->height + 2 * b},
    };
    return true;
}

/* The first page of the answer section, or SIZE_MAX. */
static size_t
answers_from(const struct maze__sheet *sh)
{
    for (size_t p = 0; p < sh->page_count; p++) {
        if (sh->pages[p].keys) {
            return p;
        }
    }
    return SIZE_MAX;
}

/*
 * The outline: an entry for each puzzle of a book, on the page it starts
 * on, and one for the answer section holding an entry for each key, named
 * with its caption (difficulty and metrics). Added once every page is
 * drawn, and only to a document still being written: cairo 1.16 crashes
 * finishing a document whose stream failed with outline entries pointing
 * at pages it never wrote.
 */
static void
outline(cairo_surface_t *surface, const struct maze__sheet *sh)
{
    int answers = -1;
    for (size_t p = 0; p < sh->page_count; p++) {
        const struct maze__sheet_page *pg = &sh->pages[p];
        char name[700], link[32];
        snprintf(link, sizeof(link), "page=%zu", p + 1);
        if (pg->keys && answers < 0) {
            answers = cairo_pdf_surface_add_outline(
                surface, CAIRO_PDF_OUTLINE_ROOT, sh->words[MAZE_WORD_ANSWERS],
                link, 0);
        }
        for (size_t i = pg->first; sh->count > 1 && i < pg->first + pg->count;
             i++) {
            const struct maze__slot *slot = &sh->slots[i];
            if (slot->key != pg->keys || slot->puzzle->number == 0) {
                continue;
            }
            /* The slot's own label, in the sheet's language. */
            char label[320];
            maze__sheet_label(sh, slot, label, sizeof(label));
            snprintf(name, sizeof(name), "%s%s%s", label,
                     pg->keys && slot->caption[0] ? ": " : "",
                     pg->keys ? slot->caption : "");
            cairo_pdf_surface_add_outline(
                surface, pg->keys ? answers : CAIRO_PDF_OUTLINE_ROOT, name,
                link, 0);
        }
    }
}

/*
 * Through the filter of pdf_pages.c, which adds the page labels ("1",
 * "2", then "Answers 1") and print boxes cairo 1.16 cannot write.
 */
static int
pdf_write_sheet(const struct maze__sheet *sh,
                const struct maze_export_options *opt,
                const struct maze_sink *sink)
{
    (void)opt;
    struct maze__pdf_pages filter;
    int rc = maze__pdf_pages_init(&filter, sink, answers_from(sh), page_box,
                                  (void *)sh);
    filter.answers_word = sh->words[MAZE_WORD_ANSWERS];
    struct maze_sink through = {maze__pdf_pages_write, &filter};
    struct maze__cairo_sink cs = {&through, false};
    cairo_surface_t *surface = NULL;
    if (rc != MAZE_OK) {
        goto out;
    }
    surface = cairo_pdf_surface_create_for_stream(maze__cairo_write, &cs,
                                                  maze__sheet_media_width(sh),
                                                  sh->height + 2 * sh->bleed);
    rc = maze__cairo_result(cairo_surface_status(surface), cs.failed);
    if (rc != MAZE_OK) {
        goto out;
    }
    char subject[200], keywords[200];
    maze__sheet_subject(sh, subject, sizeof(subject));
    sheet_keywords(sh, keywords, sizeof(keywords));
    pdf_metadata(surface, sh->title[0] ? sh->title : subject, subject,
                 keywords);
    if (sh->so.author != NULL && sh->so.author[0] != '\0') {
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_AUTHOR,
                                       sh->so.author);
    }
    cairo_t *cr = cairo_create(surface);
    for (size_t p = 0; p < sh->page_count && rc == MAZE_OK; p++) {
        rc = maze__sheet_draw_page(cr, sh, p);
        cairo_show_page(cr);
    }
    if (rc == MAZE_OK && !cs.failed &&
        cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS) {
        outline(surface, sh);
    }
    rc = maze__cairo_finish(surface, cr, rc, &cs.failed);
    if (filter.rc == MAZE_ERR_NOMEM) {
        rc = MAZE_ERR_NOMEM; /* the filter's, not the sink's, failure */
    } else if (rc == MAZE_OK) {
        rc = maze__pdf_pages_end(&filter);
    }
out:
    cairo_surface_destroy(surface);
    maze__pdf_pages_finish(&filter);
    return rc;
}

/* A lone maze in the "sheet" format is a one-puzzle sheet. */
static int
sheet_write(const struct maze *maze, const struct maze_export_options *opt,
            const struct maze_sink *sink)
{
    struct maze_puzzle p;
    struct maze__sheet sh;
    int rc = maze__sheet_plan_maze(maze, opt, false, &p, &sh);
    if (rc != MAZE_OK) {
        return rc;
    }
    rc = pdf_write_sheet(&sh, opt, sink);
    maze__sheet_finish(&sh);
    return rc;
}

static const char *const pdf_ext[] = {"pdf", NULL};

const struct maze__exporter maze__export_pdf = {
    .info =
        {
            .name = "pdf",
            .extensions = pdf_ext,
            .description = "PDF: the maze alone, or puzzle sheets on paper",
            .flags = MAZE_FORMAT_VECTOR | MAZE_FORMAT_PAGED,
            .draws = MAZE_DRAWS_RECT | MAZE_DRAWS_ANY_GRID | MAZE_DRAWS_LONE |
                     MAZE_DRAWS_SHEET | MAZE_DRAWS_PAGES | MAZE_DRAWS_TRIM |
                     MAZE_DRAWS_SOLUTION,
            .reads = MAZE_READS_CELL_SIZE | MAZE_READS_WALL_WIDTH |
                     MAZE_READS_MARGIN,
            .unit = MAZE_UNIT_PT,
            .cell_size = {12, MAZE_UNIT_PT},
            .dpi = 96,
            /* A cairo PDF surface records every stroke. */
            .memory = {.rect_per_cell = 130,
                       .per_wall = 800,
                       .keeps_runs = true},
        },
    .write = pdf_write,
    .write_sheet = pdf_write_sheet,
};

static const char *const no_ext[] = {NULL};

const struct maze__exporter maze__export_sheet = {
    .info =
        {
            .name = "sheet",
            .extensions = no_ext,
            .description = "printable PDF puzzle pages with answer keys",
            .flags = MAZE_FORMAT_VECTOR | MAZE_FORMAT_PAGED,
            .draws = MAZE_DRAWS_RECT | MAZE_DRAWS_ANY_GRID | MAZE_DRAWS_SHEET |
                     MAZE_DRAWS_PAGES | MAZE_DRAWS_TRIM | MAZE_DRAWS_SOLUTION,
            .reads = MAZE_READS_CELL_SIZE | MAZE_READS_WALL_WIDTH |
                     MAZE_READS_MARGIN,
            .unit = MAZE_UNIT_PT,
            .cell_size = {0, MAZE_UNIT_PT},
            .dpi = 96,
            /* A cairo PDF surface records every stroke. */
            .memory = {.rect_per_cell = 130,
                       .per_wall = 800,
                       .keeps_runs = true},
        },
    .write = sheet_write,
    .write_sheet = pdf_write_sheet,
};
