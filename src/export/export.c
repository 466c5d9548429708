/* SPDX-License-Identifier: MIT */
/*
 * maze_export() and maze_export_sheet(): the top of the exporters, which
 * finds a format's table entry in the registry (registry.c) and hands it
 * the maze or the planned sheet. Nothing below calls back up here: the formats
 * share common.c, and sheets are planned by sheet_plan.c.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/grid_impl.h"
#include "core/status_impl.h"
#include "export/export_impl.h"
#include "export/registry.h"
#include "export/sheet.h"

bool
maze_format_supports(const struct maze_format_info *format,
                     const struct maze_grid_kind *kind, bool masked)
{
    const struct maze__grid_kind *k = kind ? maze__grid_kind_entry(kind) : NULL;
    if (format == NULL || k == NULL) {
        return false;
    }
    if (kind->rectangle && !masked) {
        return (format->draws & MAZE_DRAWS_RECT) != 0;
    }
    if ((format->draws & MAZE_DRAWS_ANY_GRID) != 0) {
        return true;
    }
    /* Levels are the kinds whose passages between levels are stairs. */
    return (format->draws & MAZE_DRAWS_LEVELS) != 0 && !masked &&
           k->ops.stairs != NULL;
}

/* The formats with all of the draws bits, "a, b and c", into buf. */
static const char *
names_drawing(unsigned draws, char *buf, size_t size)
{
    size_t n = 0, total = 0, used = 0;
    for (size_t i = 0; i < maze_format_count(); i++) {
        total += (maze_format_at(i)->draws & draws) == draws;
    }
    buf[0] = '\0';
    for (size_t i = 0; i < maze_format_count() && used < size; i++) {
        const struct maze_format_info *f = maze_format_at(i);
        if ((f->draws & draws) != draws) {
            continue;
        }
        n++;
        const char *sep = n == 1 ? "" : n == total ? " and " : ", ";
        int w = snprintf(buf + used, size - used, "%s%s", sep, f->name);
        used += w > 0 ? (size_t)w : 0;
    }
    return buf;
}

static bool
raster(const struct maze__exporter *e)
{
    return (e->info.flags & MAZE_FORMAT_RASTER) != 0;
}

/* Draws a single maze as a one-puzzle sheet in a format with write_sheet. */
static int
export_as_sheet(const struct maze__exporter *e, const struct maze *maze,
                const struct maze_export_options *opt,
                const struct maze_sink *sink)
{
    struct maze_puzzle p;
    struct maze__sheet sh;
    int rc = maze__sheet_plan_maze(maze, opt, raster(e), &p, &sh);
    if (rc != MAZE_OK) {
        return rc;
    }
    rc = e->write_sheet(&sh, opt, sink);
    maze__sheet_finish(&sh);
    return rc;
}

int
maze_export(const struct maze *maze, const char *format,
            const struct maze_export_options *opt, const struct maze_sink *sink)
{
    struct maze__export_copy copy;
    int rc = maze__export_options_take(&copy, &opt, NULL);
    if (rc != MAZE_OK) {
        return rc;
    }
    if (maze == NULL || format == NULL || sink == NULL || sink->write == NULL) {
        return MAZE_ERR_INVALID;
    }
    const struct maze__exporter *e;
    rc = maze__exporter_lookup(format, &e);
    if (rc != MAZE_OK) {
        return rc;
    }
    struct maze_export_options defaults = MAZE_EXPORT_OPTIONS_INIT;
    opt = opt ? opt : &defaults;
    if (opt->sheet != NULL && e->write_sheet != NULL) {
        return export_as_sheet(e, maze, opt, sink);
    }
    return e->write(maze, opt, sink);
}

int
maze_export_sheet(const struct maze_puzzle *puzzles, size_t count,
                  const char *format, const struct maze_export_options *opt,
                  const struct maze_sheet_options *sheet,
                  const struct maze_sink *sink)
{
    struct maze__export_copy copy;
    int rc = maze__export_options_take(&copy, &opt, &sheet);
    if (rc != MAZE_OK) {
        return rc;
    }
    if (format == NULL || sink == NULL || sink->write == NULL) {
        return MAZE_ERR_INVALID;
    }
    const struct maze__exporter *e;
    rc = maze__exporter_lookup(format, &e);
    if (rc != MAZE_OK) {
        return rc;
    }
    if (e->write_sheet == NULL) {
        char names[128];
        if (names_drawing(MAZE_DRAWS_SHEET, names, sizeof(names))[0] == '\0') {
            /* A core build (no drawing): no format draws them. */
            return maze__fail(MAZE_ERR_UNSUPPORTED,
                              "sheets need a build with drawing (cairo and "
                              "Pango), and this one has none "
                              "(-Ddrawing=disabled)");
        }
        return maze__fail(MAZE_ERR_INVALID, "format %s draws no sheets (%s do)",
                          e->info.name, names);
    }
    static const struct maze_export_options defaults = MAZE_EXPORT_OPTIONS_INIT;
    const struct maze_export_options *o = opt ? opt : &defaults;
    /* A gutter and a bleed are for bound, trimmed paper: PDF pages. */
    bool trim = (e->info.draws & MAZE_DRAWS_TRIM) != 0;
    if (sheet != NULL && !trim &&
        (sheet->gutter.value != 0 || sheet->bleed.value != 0)) {
        return maze__fail(MAZE_ERR_INVALID,
                          "sheet %s: only PDF pages take a gutter or bleed",
                          sheet->gutter.value != 0 ? "gutter" : "bleed");
    }
    struct maze__sheet sh;
    rc = maze__sheet_plan(puzzles, count, o, sheet, raster(e), &sh);
    if (rc != MAZE_OK) {
        return rc;
    }
    rc = e->write_sheet(&sh, o, sink);
    maze__sheet_finish(&sh);
    return rc;
}

int
maze_sheet_page_count(const struct maze_puzzle *puzzles, size_t count,
                      const struct maze_export_options *opt,
                      const struct maze_sheet_options *sheet, size_t *pages)
{
    struct maze__export_copy copy;
    int rc = maze__export_options_take(&copy, &opt, &sheet);
    if (rc != MAZE_OK) {
        return rc;
    }
    if (pages == NULL) {
        return MAZE_ERR_INVALID;
    }
    static const struct maze_export_options defaults = MAZE_EXPORT_OPTIONS_INIT;
    /* Planned as the PDF plans it: its pages are the book's. */
    struct maze__sheet sh;
    rc = maze__sheet_plan(puzzles, count, opt ? opt : &defaults, sheet, false,
                          &sh);
    if (rc != MAZE_OK) {
        return rc;
    }
    *pages = sh.page_count;
    maze__sheet_finish(&sh);
    return MAZE_OK;
}
