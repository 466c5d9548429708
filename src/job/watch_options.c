/* SPDX-License-Identifier: MIT */
/*
 * The watch options (--watch, --delay, --animate, --frames,
 * --frame-every): parsed here and checked against the rest once every
 * other check has passed, so a bad combination is refused in one line
 * before anything is carved or written.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "job/grid.h"
#include "job/watch.h"

bool
maze__job_parse_watch_option(const struct maze_option *o,
                             const struct maze_option_value *v,
                             struct maze_job *opt)
{
    switch (o->id) {
    case MAZE_OPT_WATCH:
        opt->watch.on = true;
        return true;
    case MAZE_OPT_DELAY:
        opt->watch.delay_ms = (uint32_t)v->number;
        opt->watch.delay_set = true;
        return true;
    case MAZE_OPT_ANIMATE:
        opt->watch.animate = true;
        return true;
    case MAZE_OPT_FRAMES:
        opt->watch.frames = v->text;
        return true;
    case MAZE_OPT_FRAME_EVERY:
        opt->watch.frame_every = (uint32_t)v->number;
        return true;
    default:
        return false;
    }
}

/*
 * What recording or watching cannot go with: the first such option, or
 * NULL. They show one carve, so nothing may change the maze after it
 * (braid, unicursal), make several (a book), or not carve at all (load).
 */
static const char *
conflict(const struct maze_job *opt)
{
    return opt->load                      ? "--load"
           : opt->sheet.on                ? opt->sheet.why
           : opt->stream                  ? "--stream"
           : opt->braid_set               ? "--braid"
           : opt->unicursal               ? "--unicursal"
           : opt->difficulty != NULL      ? "--difficulty"
           : opt->start.set               ? "--start"
           : opt->finish.set              ? "--finish"
           : opt->answer_key != NULL      ? "--answer-key"
           : opt->stats != JOB_STATS_NONE ? "--stats"
                                          : NULL;
}

/* --watch: nothing written but to the terminal, and a maze it can draw. */
static bool
check_terminal(struct maze_job *opt)
{
    if (opt->output != NULL || opt->watch.animate || opt->watch.frames) {
        maze__job_usage_error(
            "--watch: draws in the terminal only; expected no "
            "%s with it",
            opt->output          ? "-o/--output"
            : opt->watch.animate ? "--animate"
                                 : "--frames");
        return false;
    }
    const struct maze_format_info *fi = maze_format_find(opt->format);
    if (fi == NULL || (fi->reads & MAZE_READS_CHARSET) == 0) {
        maze__job_usage_error(
            "--watch: draws text in the terminal; expected no "
            "-t/--format %s with it",
            opt->format);
        return false;
    }
    if (!maze__job_whole_rect(opt)) {
        maze__job_usage_error(
            "--watch: draws whole rectangles only, not %s; "
            "expected --grid rect without --mask (or --animate "
            "-o FILE.svg for other grids)",
            opt->mask_path ? "a masked grid" : opt->kind->name);
        return false;
    }
    /* The terminal itself (its size, what it can do) is the program's
     * to check: the job only knows it draws in one. */
    return true;
}

/* --frames DIR: an existing directory. */
static bool
check_frames(const struct maze_job *opt)
{
    struct stat st;
    if (stat(opt->watch.frames, &st) != 0 || !S_ISDIR(st.st_mode)) {
        maze__job_usage_error("--frames: '%s' is not a directory; expected an "
                              "existing directory for the numbered PNG frames",
                              opt->watch.frames);
        return false;
    }
    return true;
}

bool
maze__job_check_watch(struct maze_job *opt)
{
    struct maze__job_watch *w = &opt->watch;
    bool records = w->animate || w->frames != NULL;
    w->why = w->on        ? "--watch"
             : w->animate ? "--animate"
             : w->frames  ? "--frames"
                          : NULL;
    if (w->delay_set && !w->on && !w->animate) {
        maze__job_usage_error("--delay: sets the pace of --watch or --animate; "
                              "expected one of them with it");
        return false;
    }
    if (w->frame_every != 0 && w->frames == NULL) {
        maze__job_usage_error(
            "--frame-every: spaces the frames of --frames DIR; "
            "expected --frames with it");
        return false;
    }
    if (!w->on && !records) {
        return true;
    }
    const char *other = conflict(opt);
    if (other != NULL) {
        maze__job_usage_error(
            "%s: shows one carve as it happens; expected no %s "
            "with it",
            w->why, other);
        return false;
    }
    if (!w->delay_set) {
        w->delay_ms = w->on ? JOB_WATCH_DELAY : JOB_ANIMATE_DELAY;
    }
    if (w->on) {
        return check_terminal(opt);
    }
    if (w->animate && strcmp(opt->format, "svg") != 0) {
        maze__job_usage_error(
            "--animate: writes an animated SVG, not %s; expected "
            "-o FILE.svg or -t svg",
            opt->format);
        return false;
    }
    return w->frames == NULL || check_frames(opt);
}
