/* SPDX-License-Identifier: MIT */
/*
 * --frames: the numbered PNG frames of the carve the job recorded
 * (maze_job_frame_count(), maze_job_write_frame()), written to a
 * directory. The job refuses a count past the limit once the carve is
 * known, before any frame is written; --animate's SVG is the job's -o.
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

/* The frames written and waiting for their names (cli_frames_finish). */
static struct {
    int dir; /* the --frames directory, opened once */
    struct maze_file_sink **files;
    char **temps; /* named temporary files, for the signal handler */
    uint64_t count;
} staged = {.dir = -1};

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

/* Writes frame i of the staged frames to its temporary file; the exit
 * status after reporting a failure, else 0. */
static int
write_frame(struct maze_job *job, const char *dir, uint64_t i)
{
    char name[32];
    snprintf(name, sizeof name, "frame-%05llu.png", (unsigned long long)i);
    struct maze_file_sink **f = &staged.files[i];
    int rc = maze_file_sink_create_at(staged.dir, name, MAZE_FILE_NOFOLLOW, f);
    if (rc != MAZE_OK) {
        cli_progress_stop();
        fprintf(
            stderr, "mazegen: --frames: cannot write %s/%s: %s\n", dir, name,
            maze_error_detail()[0] ? maze_error_detail() : maze_strerror(rc));
        return CLI_STATUS_RUNTIME;
    }
    const char *temp = maze_file_sink_temp_path(*f);
    staged.temps[i] = temp ? strdup(temp) : NULL;
    rc = maze_job_write_frame(job, i, maze_file_sink_as_sink(*f));
    if (rc == MAZE_ERR_IO) {
        cli_progress_stop();
        fprintf(stderr, "mazegen: cannot write %s/%s: %s\n", dir, name,
                strerror(maze_file_sink_errno(*f) ? maze_file_sink_errno(*f)
                                                  : EIO));
        return CLI_STATUS_RUNTIME;
    }
    if (rc != MAZE_OK) {
        cli_progress_stop();
        return cli_report(rc, "--frames");
    }
    return 0;
}

int
cli_frames_write(struct maze_job *job)
{
    uint64_t frames = maze_job_frame_count(job);
    const char *dir = cli_text(job, MAZE_OPT_FRAMES);
    if (frames == 0 || dir == NULL) {
        return 0;
    }
    staged.dir = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (staged.dir < 0) {
        fprintf(stderr, "mazegen: --frames: cannot open %s: %s\n", dir,
                strerror(errno));
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
            uint64_t every = cli_number(job, MAZE_OPT_FRAME_EVERY);
            uint64_t least =
                fit > 2
                    ? ((every ? every : 1) * (frames - 2) + fit - 3) / (fit - 2)
                    : frames;
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
        status = write_frame(job, dir, i);
    }
    if (status != 0) {
        unstage();
    }
    return status;
}

int
cli_frames_finish(const struct maze_job *job, int status)
{
    const char *dir = cli_text(job, MAZE_OPT_FRAMES);
    uint64_t frames = staged.count;
    for (uint64_t i = 0; status == 0 && i < frames; i++) {
        if (maze_file_sink_commit(staged.files[i]) != MAZE_OK) {
            cli_progress_stop();
            fprintf(stderr,
                    "mazegen: --frames: cannot write %s/frame-%05llu.png: "
                    "%s\n",
                    dir, (unsigned long long)i,
                    strerror(maze_file_sink_errno(staged.files[i])));
            status = CLI_STATUS_RUNTIME;
        }
    }
    if (status == 0 && frames > 0 && cli_number(job, MAZE_OPT_VERBOSE)) {
        fprintf(stderr, "mazegen: wrote %llu frames to %s\n",
                (unsigned long long)frames, dir);
    }
    unstage();
    return status;
}
