/* SPDX-License-Identifier: MIT */
/*
 * Writing a maze stream: the formats whose table entry has a row writer
 * (text and PNG) drawing rows as the stream carves them, one fetch per row, so
 * the maze is never whole in memory. The exporters cannot tell these rows from
 * a maze's own, which is what makes a streamed file byte-identical to the
 * in-memory one.
 */
#include "core/status_impl.h"
#include "export/export_impl.h"
#include "export/rect_rows.h"
#include "export/registry.h"
#include "gen/stream_impl.h"

/* The row writer of format's table entry, or NULL when it has none. */
static maze__rows_writer
row_writer(const char *format)
{
    const struct maze__exporter *e =
        format != NULL ? maze__exporter_find(format) : NULL;
    return e != NULL ? e->write_rows : NULL;
}

bool
maze_stream_format_supported(const char *format)
{
    return row_writer(format) != NULL;
}

static int
fetch_stream_row(void *ctx, uint32_t y, const uint64_t **east,
                 const uint64_t **south)
{
    (void)y; /* the exporters ask in order, as the stream hands out */
    return maze_stream_next_row(ctx, east, south);
}

int
maze_stream_export(struct maze_stream *s, const char *format,
                   const struct maze_export_options *opt,
                   const struct maze_sink *sink)
{
    struct maze__export_copy copy;
    int taken = maze__export_options_take(&copy, &opt, NULL);
    if (taken != MAZE_OK) {
        return taken;
    }
    if (s == NULL || format == NULL || sink == NULL || sink->write == NULL ||
        s->gen.y > 0 || (opt != NULL && opt->solution != NULL)) {
        return MAZE_ERR_INVALID;
    }
    maze__rows_writer write = row_writer(format);
    if (write == NULL) {
        return maze_format_find(format) ? MAZE_ERR_UNSUPPORTED
                                        : MAZE_ERR_INVALID;
    }
    struct maze__rows rows = {
        .width = s->gen.width,
        .height = s->gen.height,
        .start_x = s->start_x,
        .start_y = s->start_y,
        .finish_x = s->finish_x,
        .finish_y = s->finish_y,
        .start_opening = s->start_opening,
        .finish_opening = s->finish_opening,
        .provenance = &s->provenance,
        .fetch = fetch_stream_row,
        .ctx = s,
    };
    struct maze_export_options defaults = MAZE_EXPORT_OPTIONS_INIT;
    return write(&rows, opt ? opt : &defaults, sink);
}
