/* SPDX-License-Identifier: MIT */
/*
 * Animations of a carve to keep: a timeline records the steps of
 * maze_generate() (steps.h) as the moment each passage took its final
 * state, in O(edges) memory whatever the algorithm did; from it come the
 * maze as it stood after any number of passage changes (frames), and an
 * animated SVG that plays in a browser with no script (CSS animations).
 */
#ifndef MAZEGEN_ANIMATE_H
#define MAZEGEN_ANIMATE_H

#include <stddef.h>
#include <stdint.h>

#include <mazegen/maze.h>
#include <mazegen/sink.h>
#include <mazegen/steps.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The export options (export.h) the writers here read. */
struct maze_export_options;

/* The most groups of steps an animated SVG has: each group is one path
 * that fades at its own moment, so the file is proportionate to the
 * static SVG (every wall drawn at most twice) at any size. */
#define MAZE_ANIMATE_GROUPS_MAX 200u

struct maze_timeline;

/*
 * A timeline for carves of grid (which must outlive it).
 * Errors: MAZE_ERR_INVALID (NULL), MAZE_ERR_NOMEM.
 */
int maze_timeline_create(const struct maze_grid *grid,
                         struct maze_timeline **out);
void maze_timeline_destroy(struct maze_timeline *tl);

/*
 * The listener to give maze_generate_options.steps (valid while tl is).
 * A timeline records one carve; a second carve starts it again.
 */
const struct maze_steps *maze_timeline_listener(struct maze_timeline *tl);

/*
 * The number of passage changes recorded: the carve's length. An edge
 * changed more than once (none of the algorithms does, but for a draw
 * started over) counts at its last change.
 */
uint64_t maze_timeline_length(const struct maze_timeline *tl);

/*
 * Sets out's passages to those of carved (the maze the recorded carve
 * made, on the same grid) after the first `at` changes: an edge changed
 * later is in the state before its change. Endpoints and provenance are
 * copied too. at >= the length gives carved's passages.
 * Errors: MAZE_ERR_INVALID (NULL, different grids).
 */
int maze_timeline_frame(const struct maze_timeline *tl,
                        const struct maze *carved, uint64_t at,
                        struct maze *out);

/* An empty struct maze_animate_options: its struct_size set, every other
 * member zero (the defaults). */
#define MAZE_ANIMATE_OPTIONS_INIT                                              \
    {                                                                          \
        .struct_size = sizeof(struct maze_animate_options)                     \
    }

struct maze_animate_options {
    /*
     * sizeof(struct maze_animate_options) as the caller was compiled; set it
     * with MAZE_ANIMATE_OPTIONS_INIT (or to sizeof yourself). The library reads
     * only the members the caller has, so programs built against older
     * headers keep working when members are added (version.h).
     */
    size_t struct_size;
    /* Seconds from one group of steps to the next; 0 means 0.04. */
    double step_seconds;
    /* Groups of steps, 1 to MAZE_ANIMATE_GROUPS_MAX; 0 means the most. */
    unsigned groups;
};

/*
 * Writes maze as an SVG that first shows the carve recorded in tl, then
 * (with opt->solution) draws the solution from start to finish, and ends
 * on exactly the picture the "svg" format draws with opt: the same size,
 * viewBox and drawing, with the walls that were knocked down (or, for
 * division, the floor where walls were later built) laid over it in
 * groups that fade out one after another. CSS animations, no script.
 * Not for sheets.
 * Errors: MAZE_ERR_INVALID (NULL, a timeline of another grid, a bad
 * option), those of the svg format.
 */
int maze_export_animated_svg(const struct maze *maze,
                             const struct maze_timeline *tl,
                             const struct maze_export_options *opt,
                             const struct maze_animate_options *anim,
                             const struct maze_sink *sink);

#ifdef __cplusplus
}
#endif

#endif
