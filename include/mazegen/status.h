/* SPDX-License-Identifier: MIT */
/*
 * Status codes shared by every libmazegen function.
 *
 * Fallible functions return an int that is MAZE_OK (zero) on success or one
 * of the negative codes below; objects come back through out-parameters.
 */
#ifndef MAZEGEN_STATUS_H
#define MAZEGEN_STATUS_H

#ifdef __cplusplus
extern "C" {
#endif

enum maze_status {
    MAZE_OK = 0,
    /* An allocation failed, or a size computation overflowed. */
    MAZE_ERR_NOMEM = -1,
    /* An argument is malformed (NULL where not allowed, bad syntax). */
    MAZE_ERR_INVALID = -2,
    /* An argument is well formed but outside the accepted range. */
    MAZE_ERR_RANGE = -3,
    /* The sink reported a write failure. */
    MAZE_ERR_IO = -4,
    /* A backend library (libpng, cairo) failed for a reason of its own. */
    MAZE_ERR_BACKEND = -5,
    /* The request is valid but not supported (e.g. grid kind, format). */
    MAZE_ERR_UNSUPPORTED = -6,
    /* A progress callback returned non-zero (progress.h): the work stopped
     * and nothing more was written. */
    MAZE_ERR_CANCELLED = -7,
};

/*
 * A short English description of a status code, never NULL; unknown codes
 * give "unknown error". The string is static.
 */
const char *maze_strerror(int status);

/*
 * What was wrong, for a program to show its user beside maze_strerror():
 * one line of printable UTF-8 text (control characters and malformed
 * bytes are shown as '?') without a trailing period naming the
 * argument at fault and what is accepted, e.g. "unknown algorithm
 * \"dfs\" (known: backtracker, kruskal, ...)", "width 0: a rect grid
 * takes 2 to 1000000 columns" or "options.size is 0: initialise struct
 * maze_generate_options with MAZE_GENERATE_OPTIONS_INIT".
 *
 * The detail belongs to the calling thread and to its most recent call of
 * one of the functions that set it: maze_grid_create(),
 * maze_grid_create_rect(), maze_grid_measure(), maze_generate(),
 * maze_generate_estimate(), maze_generate_estimate_grid(),
 * maze_stream_create(), maze_stream_export(), maze_export(),
 * maze_export_sheet(), maze_export_animated_svg(), maze_png_size(),
 * maze_measure(), maze_solve(), maze_solve_between(),
 * maze_place_endpoints(), maze_file_check(), maze_file_sink_create(),
 * maze_file_sink_create_at() and maze_file_sink_commit(). Each empties it when
 * it starts, so after a success it is "", and after a failure it is the detail
 * of that failure, or "" when the status says all there is (out of memory, a
 * NULL argument). Never NULL; valid until the thread's next such call.
 */
const char *maze_error_detail(void);

#ifdef __cplusplus
}
#endif

#endif
