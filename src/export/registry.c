/* SPDX-License-Identifier: MIT */
/*
 * The format registry: one line per format, and its lookups, in the shape
 * of every registry (src/core/grid_registry.c). A format is one file
 * under src/export/ defining `const struct maze__exporter
 * maze__export_NAME` (a file may define several: pdf.c, blocks.c).
 */
#include <string.h>
#include <strings.h>

#include "core/status_impl.h"
#include "export/registry.h"

/* clang-format off */
#define FORMATS(X)  \
    X(text)         \
    X(png)          \
    X(svg)          \
    X(pdf)          \
    X(sheet)        \
    X(json)         \
    X(blocks)       \
    X(blocks_csv)   \
    X(blocks_raw)   \
    /* end */
/* clang-format on */

#define DECLARE(name) extern const struct maze__exporter maze__export_##name;
FORMATS(DECLARE)

#define ENTRY(name) &maze__export_##name,
static const struct maze__exporter *const exporters[] = {FORMATS(ENTRY)};

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
