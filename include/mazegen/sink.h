/* SPDX-License-Identifier: MIT */
/*
 * Sinks: where every exporter writes (export.h, sheet.h, stream.h,
 * animate.h). A sink is a write callback and its context; the library
 * never opens a file, and writing one (a temporary file renamed into
 * place, as the mazegen command does) is the caller's business.
 */
#ifndef MAZEGEN_SINK_H
#define MAZEGEN_SINK_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Where output goes. write() returns 0 when all len bytes were taken and
 * non-zero on failure; the exporter then stops and returns MAZE_ERR_IO.
 */
struct maze_sink {
    int (*write)(void *ctx, const void *data, size_t len);
    void *ctx;
};

#ifdef __cplusplus
}
#endif

#endif
