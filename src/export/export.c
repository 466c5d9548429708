/* SPDX-License-Identifier: MIT */
/*
 * The format registry, maze_export() and maze_export_sheet(): the top of
 * the exporters, which finds a format's table entry and hands it the maze
 * or the planned sheet. Nothing below calls back up here: the formats
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

static const struct maze__exporter *const exporters[] = {
    &maze__export_text,   &maze__export_png,        &maze__export_svg,
    &maze__export_pdf,    &maze__export_sheet,      &maze__export_json,
    &maze__export_blocks, &maze__export_blocks_csv, &maze__export_blocks_raw,
};

#define EXPORTER_COUNT (sizeof(exporters) / sizeof(exporters[0]))

size_t
maze_format_count(void)
{
    return EXPORTER_COUNT;
}

const struct maze_format_info *
maze_format_at(size_t index)
{
    return index < EXPORTER_COUNT ? &exporters[index]->info : NULL;
}

const struct maze__exporter *
maze__exporter_find(const char *name)
{
    for (size_t i = 0; i < EXPORTER_COUNT; i++) {
        if (strcmp(exporters[i]->info.name, name) == 0) {
            return exporters[i];
        }
    }
    return NULL;
}

static const char *
format_name_at(size_t index)
{
    return index < EXPORTER_COUNT ? exporters[index]->info.name : NULL;
}

int
maze__exporter_lookup(const char *name, const struct maze__exporter **out)
{
    *out = maze__exporter_find(name);
    if (*out != NULL) {
        return MAZE_OK;
    }
    return maze__fail_unknown("format", name, format_name_at);
}

const struct maze_format_info *
maze_format_find(const char *name)
{
    const struct maze__exporter *e = name ? maze__exporter_find(name) : NULL;
    return e ? &e->info : NULL;
}

const struct maze_format_info *
maze_format_for_path(const char *path)
{
    if (path == NULL) {
        return NULL;
    }
    const char *slash = strrchr(path, '/');
    const char *dot = strrchr(slash ? slash + 1 : path, '.');
    if (dot == NULL || dot[1] == '\0') {
        return NULL;
    }
    for (size_t i = 0; i < EXPORTER_COUNT; i++) {
        for (const char *const *x = exporters[i]->info.extensions; *x; x++) {
            if (strcasecmp(dot + 1, *x) == 0) {
                return &exporters[i]->info;
            }
        }
    }
    return NULL;
}

bool
maze_format_supports(const struct maze_format_info *format,
                     const struct maze_grid_kind *kind, bool masked)
{
    const struct maze__grid_kind *k = kind ? maze__grid_kind_entry(kind) : NULL;
    if (format == NULL || k == NULL) {
        return false;
    }
    if (k == &maze__grid_rect && !masked) {
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
    for (size_t i = 0; i < EXPORTER_COUNT; i++) {
        total += (exporters[i]->info.draws & draws) == draws;
    }
    buf[0] = '\0';
    for (size_t i = 0; i < EXPORTER_COUNT && used < size; i++) {
        if ((exporters[i]->info.draws & draws) != draws) {
            continue;
        }
        n++;
        const char *sep = n == 1 ? "" : n == total ? " and " : ", ";
        int w = snprintf(buf + used, size - used, "%s%s", sep,
                         exporters[i]->info.name);
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
        return maze__fail(
            MAZE_ERR_INVALID, "format %s draws no sheets (%s do)", e->info.name,
            names_drawing(MAZE_DRAWS_SHEET, names, sizeof(names)));
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
