/* SPDX-License-Identifier: MIT */
/*
 * Progress of long operations. Generating, streaming or solving a maze of
 * a hundred million cells takes seconds; a caller that wants to show how
 * far along it is passes a struct maze_progress, and the library calls it
 * now and then from the thread doing the work. The library never prints:
 * drawing a progress bar is the caller's business (the mazegen command
 * draws one on a terminal).
 */
#ifndef MAZEGEN_PROGRESS_H
#define MAZEGEN_PROGRESS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct maze_progress {
    /*
     * Called with the work done so far out of total, in units of the
     * operation's choosing (cells, rows), for the named phase: a short
     * static string such as "carving" or "finding endpoints". done rises
     * to total within a phase; a new phase starts again from 0. Calls are
     * spaced so that they cost nothing measurable (at most a few thousand
     * per phase). NULL report means no reports.
     *
     * Returning non-zero cancels: the operation stops at once, frees what
     * it made, writes nothing more to its sink and returns
     * MAZE_ERR_CANCELLED (an interrupted maze_generate() leaves the maze
     * cleared, as maze_clear() does). How soon that is depends on how
     * often the operation reports: carving reports about a thousand times
     * for the backtracker, kruskal, fractal mazes and streams, and at its
     * start and end for the other algorithms; the search for the
     * longest path's ends every million cells it walks.
     */
    int (*report)(void *ctx, const char *phase, uint64_t done, uint64_t total);
    void *ctx;
};

#ifdef __cplusplus
}
#endif

#endif
