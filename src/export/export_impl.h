/*
 * The private side of the format registry: each exporter file exposes one
 * `const struct maze__exporter`, listed in export.c, plus helpers every
 * exporter shares (sink writes, unit conversion, the provenance line).
 */
#ifndef MAZE_EXPORT_EXPORT_IMPL_H
#define MAZE_EXPORT_EXPORT_IMPL_H

#include <stddef.h>

#include "core/grid_impl.h"
#include "core/maze_impl.h"
#include <mazegen/export.h>
#include <mazegen/status.h>

struct maze__sheet;

struct maze__exporter {
    struct maze_format_info info;
    /*
     * Writes maze to sink. opt is never NULL; its lengths may be 0 (use
     * the format's defaults). Returns MAZE_OK, MAZE_ERR_IO when the sink
     * failed, MAZE_ERR_RANGE for sizes the format cannot hold,
     * MAZE_ERR_INVALID for a malformed solution path or option value,
     * MAZE_ERR_UNSUPPORTED for a grid kind it cannot draw,
     * MAZE_ERR_BACKEND or MAZE_ERR_NOMEM; frees everything it allocated
     * whatever happens.
     */
    int (*write)(const struct maze *maze, const struct maze_export_options *opt,
                 const struct maze_sink *sink);
    /*
     * Writes a planned sheet (export/sheet.h), every page of it, or NULL
     * when the format cannot draw sheets. opt gives the dpi and such; the
     * errors are those of write, plus MAZE_ERR_RANGE when the format holds
     * one page and the sheet has more.
     */
    int (*write_sheet)(const struct maze__sheet *sheet,
                       const struct maze_export_options *opt,
                       const struct maze_sink *sink);
};

extern const struct maze__exporter maze__export_text;
extern const struct maze__exporter maze__export_png;
extern const struct maze__exporter maze__export_svg;
extern const struct maze__exporter maze__export_pdf;
extern const struct maze__exporter maze__export_sheet;
extern const struct maze__exporter maze__export_json;

/* The exporter with this exact name, or NULL. */
const struct maze__exporter *maze__exporter_find(const char *name);

/*
 * Draws a single maze as a one-puzzle sheet (its solution drawn when
 * opt->solution is set) in a format with write_sheet; sheet options from
 * opt->sheet, or the defaults when NULL.
 */
int maze__export_as_sheet(const struct maze__exporter *e,
                          const struct maze *maze,
                          const struct maze_export_options *opt,
                          const struct maze_sink *sink);

/* Passes bytes to the sink; MAZE_ERR_IO when it refuses them. */
static inline int
maze__sink_write(const struct maze_sink *sink, const void *data, size_t len)
{
    if (len == 0) {
        return MAZE_OK;
    }
    return sink->write(sink->ctx, data, len) == 0 ? MAZE_OK : MAZE_ERR_IO;
}

/* A length in points (1/72 in); px counts as 1/96 in. 0 gives dflt_pt. */
double maze__length_pt(struct maze_length len, double dflt_pt);

/* A length in whole pixels at dpi (0 = 96), at least 0. 0 gives dflt_px. */
long maze__length_px(struct maze_length len, unsigned dpi, long dflt_px);

/* The dpi to use (0 means 96). */
unsigned maze__dpi(const struct maze_export_options *opt);

/*
 * One line naming what regenerates the maze, for titles and metadata:
 * "20x20 maze, algorithm backtracker, seed 42, bias h=1,v=1", followed by
 * the provenance parameters when there are any (", rooms=3 braid=0.5").
 * Printable ASCII whatever bytes a caller stored in the provenance (see
 * maze__printable()), so every format can carry it as it is.
 */
void maze__describe(const struct maze *maze, char *buf, size_t size);

/* Replaces every byte of s outside printable ASCII with '?': text that
 * must be valid UTF-8, Latin-1 and a single line at once. */
void maze__printable(char *s);

/* The same line for a width x height maze of that provenance (a streamed
 * maze has no struct maze). */
void maze__describe_size(uint32_t width, uint32_t height,
                         const struct maze_provenance *p, char *buf,
                         size_t size);

#endif
