/* SPDX-License-Identifier: MIT */
/*
 * --animate and --frames: the carve recorded by a timeline
 * (<mazegen/animate.h>) while the maze is made, then kept as an animated
 * SVG (the -o output) or as numbered PNG frames in a directory, each
 * written atomically (cli/output.h). The frame count is known only once
 * the carve is, so a count past CLI_FRAMES_MAX is refused then, before
 * any frame is written.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/output.h"
#include "cli/watch.h"

/* The run's one recording (a lone maze; books are refused). */
static struct maze_timeline *timeline;

const struct maze_steps *
cli_record_start(const struct cli_options *opt, const struct maze_grid *grid)
{
    if (!opt->watch.animate && opt->watch.frames == NULL) {
        return NULL;
    }
    maze_timeline_destroy(timeline);
    timeline = NULL;
    if (maze_timeline_create(grid, &timeline) != MAZE_OK) {
        return NULL;
    }
    return maze_timeline_listener(timeline);
}

void
cli_record_finish(void)
{
    maze_timeline_destroy(timeline);
    timeline = NULL;
}

int
cli_record_svg(const struct cli_options *opt, const struct maze *maze,
               const struct maze_export_options *e,
               const struct maze_sink *sink)
{
    if (timeline == NULL) {
        return MAZE_ERR_NOMEM;
    }
    struct maze_animate_options a = {
        .struct_size = sizeof(struct maze_animate_options),
        .step_seconds = opt->watch.delay_ms / 1000.0,
    };
    return maze_export_animated_svg(maze, timeline, e, &a, sink);
}

/* Writes one frame, atomically; false after reporting a failure. */
static bool
write_frame(const struct cli_options *opt, const char *path,
            const struct maze *m, const struct maze_export_options *e)
{
    struct cli_output out;
    if (!cli_output_open(&out, path)) {
        fprintf(stderr, "mazegen: --frames: cannot write %s: %s\n", path,
                strerror(out.error));
        return false;
    }
    int rc = maze_export(m, "png", e, &out.sink);
    if (rc != MAZE_OK) {
        cli_report_export(rc, opt, &out);
        cli_output_close(&out, false);
        return false;
    }
    return cli_output_close(&out, true);
}

/* The carve's steps between frames, and the frames: the carve's from all
 * walls to the maze, and one more with the solution when drawn. */
static void
frame_plan(const struct cli_options *opt, bool solved, uint64_t *every,
           uint64_t *frames)
{
    uint64_t n = maze_timeline_length(timeline);
    /* By default about a hundred frames of the carve. */
    *every = opt->watch.frame_every;
    if (*every == 0) {
        *every = n / 100 + (n % 100 != 0);
        *every = *every ? *every : 1;
    }
    *frames = n / *every + (n % *every != 0) + 1 + solved;
}

int
cli_record_check(const struct cli_options *opt)
{
    if (opt->watch.frames == NULL) {
        return 0;
    }
    if (timeline == NULL) {
        fprintf(stderr, "mazegen: --frames: %s\n",
                maze_strerror(MAZE_ERR_NOMEM));
        return CLI_STATUS_RUNTIME;
    }
    uint64_t n = maze_timeline_length(timeline), every, frames;
    frame_plan(opt, opt->solution, &every, &frames);
    if (frames > CLI_FRAMES_MAX) {
        uint64_t least = (n + CLI_FRAMES_MAX - 3) / (CLI_FRAMES_MAX - 2);
        fprintf(stderr,
                "mazegen: --frames: %llu frames at --frame-every %llu are "
                "more than the limit of %u; expected --frame-every %llu or "
                "more\n",
                (unsigned long long)frames, (unsigned long long)every,
                CLI_FRAMES_MAX, (unsigned long long)least);
        return CLI_STATUS_USAGE;
    }
    return 0;
}

int
cli_record_frames(const struct cli_options *opt, const struct maze *maze,
                  const struct maze_path *path)
{
    if (opt->watch.frames == NULL) {
        return 0;
    }
    uint64_t n = maze_timeline_length(timeline), every, frames;
    frame_plan(opt, path != NULL, &every, &frames);
    /* PNG's units for bare lengths, whatever -o's format. */
    struct cli_options png = *opt;
    png.format = "png";
    struct maze_export_options e = cli_export_options(&png);
    e.solution = NULL;
    struct maze *m;
    if (maze_create(maze_grid(maze), &m) != MAZE_OK) {
        fprintf(stderr, "mazegen: --frames: %s\n",
                maze_strerror(MAZE_ERR_NOMEM));
        return CLI_STATUS_RUNTIME;
    }
    size_t len = strlen(opt->watch.frames) + 32;
    char *name = malloc(len);
    int status = name ? 0 : CLI_STATUS_RUNTIME;
    for (uint64_t i = 0; status == 0 && i < frames; i++) {
        uint64_t at = i * every;
        maze_timeline_frame(timeline, maze, at < n ? at : n, m);
        if (i + 1 == frames && path != NULL) {
            e.solution = path;
        }
        snprintf(name, len, "%s/frame-%05llu.png", opt->watch.frames,
                 (unsigned long long)i);
        if (!write_frame(opt, name, m, &e)) {
            status = CLI_STATUS_RUNTIME;
        }
    }
    if (status == 0 && opt->verbose) {
        fprintf(stderr, "mazegen: wrote %llu frames to %s\n",
                (unsigned long long)frames, opt->watch.frames);
    }
    free(name);
    maze_destroy(m);
    return status;
}
