/* SPDX-License-Identifier: MIT */
/*
 * --animate and --frames: the carve recorded by a timeline
 * (<mazegen/animate.h>) while the maze is made, then kept as an animated
 * SVG (the -o output) or as numbered PNG frames in a directory. The frame
 * count is known only once the carve is, so a count past CLI_FRAMES_MAX
 * is refused then, before any frame is written.
 *
 * mazegen names the frames itself, in a directory others may write: the
 * directory is opened once and every frame made relative to it by the
 * library's file sink (<mazegen/file.h>) with MAZE_FILE_NOFOLLOW, so a
 * link planted under a frame's name is replaced, never followed. All the
 * frames are written to temporary files first, kept open, and named only
 * when they and -o all succeeded: all frames or none.
 */
#define _GNU_SOURCE /* O_PATH */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "cli/output.h"
#include "cli/progress.h"
#include "cli/watch.h"

/* The run's one recording (a lone maze; books are refused). */
static struct maze_timeline *timeline;

/* The frames written and waiting for their names (cli_record_finish). */
static struct {
    int dir; /* the --frames directory, opened once */
    struct maze_file_sink **files;
    char **temps; /* named temporary files, for the signal handler */
    uint64_t count;
} staged = {.dir = -1};

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

/* Releases the staged frames: those not named are removed. */
static void
unstage(void)
{
    cli_output_track_at(-1, NULL, 0);
    for (uint64_t i = 0; staged.files && i < staged.count; i++) {
        maze_file_sink_destroy(staged.files[i]);
        free(staged.temps[i]);
    }
    free(staged.files);
    free(staged.temps);
    if (staged.dir >= 0) {
        close(staged.dir);
    }
    staged.files = NULL;
    staged.temps = NULL;
    staged.count = 0;
    staged.dir = -1;
}

/* Descriptors kept free for everything else (-o, --answer-key, libraries). */
#define SPARE_FILES 64

/*
 * Lets the process hold every frame open at once (each is an open
 * temporary file until named), raising the soft limit on open files as
 * far as the hard one allows. Returns the frames that fit.
 */
static uint64_t
allow_open_files(uint64_t frames)
{
    struct rlimit r;
    rlim_t need = (rlim_t)frames + SPARE_FILES;
    if (getrlimit(RLIMIT_NOFILE, &r) != 0 || r.rlim_cur == RLIM_INFINITY ||
        r.rlim_cur >= need) {
        return frames;
    }
    r.rlim_cur =
        r.rlim_max == RLIM_INFINITY || r.rlim_max > need ? need : r.rlim_max;
    (void)setrlimit(RLIMIT_NOFILE, &r);
    if (getrlimit(RLIMIT_NOFILE, &r) != 0 || r.rlim_cur >= need) {
        return frames;
    }
    return r.rlim_cur > SPARE_FILES ? r.rlim_cur - SPARE_FILES : 0;
}

/* Writes frame i of the staged frames to its temporary file (opt with
 * format "png"); the exit status after reporting a failure, else 0. */
static int
write_frame(const struct cli_options *opt, uint64_t i, const struct maze *m,
            const struct maze_export_options *e)
{
    char name[32];
    snprintf(name, sizeof name, "frame-%05llu.png", (unsigned long long)i);
    struct maze_file_sink **f = &staged.files[i];
    int rc = maze_file_sink_create_at(staged.dir, name, MAZE_FILE_NOFOLLOW, f);
    if (rc != MAZE_OK) {
        cli_progress_stop();
        fprintf(stderr, "mazegen: --frames: cannot write %s/%s: %s\n",
                opt->watch.frames, name,
                maze_error_detail()[0] ? maze_error_detail()
                                       : maze_strerror(rc));
        return CLI_STATUS_RUNTIME;
    }
    const char *temp = maze_file_sink_temp_path(*f);
    staged.temps[i] = temp ? strdup(temp) : NULL;
    rc = maze_export(m, "png", e, maze_file_sink_as_sink(*f));
    if (rc != MAZE_OK) {
        /* Reported as -o's failures are (a frame that does not fit is
         * bad usage); opt is PNG's. */
        char path[PATH_MAX];
        snprintf(path, sizeof path, "%s/%s", opt->watch.frames, name);
        struct cli_output out = {.path = path,
                                 .error = maze_file_sink_errno(*f)};
        return cli_report_export(rc, opt, &out);
    }
    return 0;
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
    staged.dir = open(opt->watch.frames, O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (staged.dir < 0) {
        fprintf(stderr, "mazegen: --frames: cannot open %s: %s\n",
                opt->watch.frames, strerror(errno));
        maze_destroy(m);
        return CLI_STATUS_RUNTIME;
    }
    staged.files = calloc(frames, sizeof *staged.files);
    staged.temps = calloc(frames, sizeof *staged.temps);
    int status = 0;
    if (staged.files == NULL || staged.temps == NULL) {
        fprintf(stderr, "mazegen: --frames: %s\n",
                maze_strerror(MAZE_ERR_NOMEM));
        status = CLI_STATUS_RUNTIME;
    } else {
        staged.count = frames;
        cli_output_track_at(staged.dir, staged.temps, frames);
        uint64_t fit = allow_open_files(frames);
        if (fit < frames) {
            /* Frames past the limit would fail one by one; say why. */
            uint64_t least = fit > 2 ? (n + fit - 3) / (fit - 2) : n;
            fprintf(stderr,
                    "mazegen: --frames: %llu frames stay open until all are "
                    "written, but the limit on open files (ulimit -n) leaves "
                    "room for %llu; expected --frame-every %llu or more, or "
                    "a higher limit\n",
                    (unsigned long long)frames, (unsigned long long)fit,
                    (unsigned long long)least);
            status = CLI_STATUS_RUNTIME;
        }
    }
    for (uint64_t i = 0; status == 0 && i < frames; i++) {
        uint64_t at = i * every;
        maze_timeline_frame(timeline, maze, at < n ? at : n, m);
        if (i + 1 == frames && path != NULL) {
            e.solution = path;
        }
        status = write_frame(&png, i, m, &e);
    }
    if (status != 0) {
        unstage();
    }
    maze_destroy(m);
    return status;
}

int
cli_record_finish(const struct cli_options *opt, int status)
{
    maze_timeline_destroy(timeline);
    timeline = NULL;
    uint64_t frames = staged.count;
    for (uint64_t i = 0; status == 0 && i < frames; i++) {
        if (maze_file_sink_commit(staged.files[i]) != MAZE_OK) {
            cli_progress_stop();
            fprintf(stderr,
                    "mazegen: --frames: cannot write %s/frame-%05llu.png: "
                    "%s\n",
                    opt->watch.frames, (unsigned long long)i,
                    strerror(maze_file_sink_errno(staged.files[i])));
            status = CLI_STATUS_RUNTIME;
        }
    }
    if (status == 0 && frames > 0 && opt->verbose) {
        fprintf(stderr, "mazegen: wrote %llu frames to %s\n",
                (unsigned long long)frames, opt->watch.frames);
    }
    unstage();
    return status;
}
