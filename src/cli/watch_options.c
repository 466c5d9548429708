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
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/grid.h"
#include "cli/watch.h"

bool
cli_parse_watch_option(const struct maze_option *o,
                       const struct maze_option_value *v,
                       struct cli_options *opt)
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
conflict(const struct cli_options *opt)
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
           : opt->stats != CLI_STATS_NONE ? "--stats"
                                          : NULL;
}

/* --watch: a terminal big enough, and nothing written but to it. */
static bool
check_terminal(struct cli_options *opt)
{
    if (opt->output != NULL || opt->watch.animate || opt->watch.frames) {
        cli_usage_error("--watch: draws in the terminal only; expected no "
                        "%s with it",
                        opt->output          ? "-o/--output"
                        : opt->watch.animate ? "--animate"
                                             : "--frames");
        return false;
    }
    if (strcmp(opt->format, "text") != 0) {
        cli_usage_error("--watch: draws text in the terminal; expected no "
                        "-t/--format %s with it",
                        opt->format);
        return false;
    }
    if (!cli_whole_rect(opt)) {
        cli_usage_error("--watch: draws whole rectangles only, not %s; "
                        "expected --grid rect without --mask (or --animate "
                        "-o FILE.svg for other grids)",
                        opt->mask_path ? "a masked grid" : opt->kind->name);
        return false;
    }
    if (!isatty(STDOUT_FILENO)) {
        cli_usage_error("--watch: standard output is not a terminal; expected "
                        "to run in one (or --animate -o FILE.svg to keep the "
                        "carve)");
        return false;
    }
    const char *term = getenv("TERM");
    if (term != NULL && strcmp(term, "dumb") == 0) {
        cli_usage_error("--watch: TERM=dumb cannot move the cursor; expected "
                        "a terminal such as xterm");
        return false;
    }
    struct winsize ws;
    unsigned cols = 80, rows = 24;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 &&
        ws.ws_row > 0) {
        cols = ws.ws_col;
        rows = ws.ws_row;
    }
    /* 3 columns a cell and a post, 2 rows a cell and a wall, and a line
     * of status under the maze. */
    uint64_t fit_w = cols >= 4 ? (cols - 1) / 3 : 0;
    uint64_t fit_h = rows >= 4 ? (rows - 2) / 2 : 0;
    /* A side not given fits the terminal, and is small enough to watch
     * (a fractal's sides are powers, fixed by then). */
    if (!opt->width_set && opt->fractal <= 1) {
        opt->width = (uint32_t)(fit_w < 40 ? fit_w : 40);
    }
    if (!opt->height_set && opt->fractal <= 1) {
        opt->height = (uint32_t)(fit_h < 20 ? fit_h : 20);
    }
    if (opt->width < 1 || opt->height < 1 || opt->width > fit_w ||
        opt->height > fit_h) {
        cli_usage_error("--watch: a %ux%u maze needs %llu columns and %llu "
                        "rows; this terminal has %ux%u, which fits "
                        "-W %llu -H %llu at most",
                        (unsigned)opt->width, (unsigned)opt->height,
                        3ull * opt->width + 1, 2ull * opt->height + 2, cols,
                        rows, (unsigned long long)fit_w,
                        (unsigned long long)fit_h);
        return false;
    }
    return true;
}

/* --frames DIR: an existing directory. */
static bool
check_frames(const struct cli_options *opt)
{
    struct stat st;
    if (stat(opt->watch.frames, &st) != 0 || !S_ISDIR(st.st_mode)) {
        cli_usage_error("--frames: '%s' is not a directory; expected an "
                        "existing directory for the numbered PNG frames",
                        opt->watch.frames);
        return false;
    }
    return true;
}

bool
cli_check_watch(struct cli_options *opt)
{
    struct cli_watch *w = &opt->watch;
    bool records = w->animate || w->frames != NULL;
    w->why = w->on        ? "--watch"
             : w->animate ? "--animate"
             : w->frames  ? "--frames"
                          : NULL;
    if (w->delay_set && !w->on && !w->animate) {
        cli_usage_error("--delay: sets the pace of --watch or --animate; "
                        "expected one of them with it");
        return false;
    }
    if (w->frame_every != 0 && w->frames == NULL) {
        cli_usage_error("--frame-every: spaces the frames of --frames DIR; "
                        "expected --frames with it");
        return false;
    }
    if (!w->on && !records) {
        return true;
    }
    const char *other = conflict(opt);
    if (other != NULL) {
        cli_usage_error("%s: shows one carve as it happens; expected no %s "
                        "with it",
                        w->why, other);
        return false;
    }
    if (!w->delay_set) {
        w->delay_ms = w->on ? CLI_WATCH_DELAY : CLI_ANIMATE_DELAY;
    }
    if (w->on) {
        return check_terminal(opt);
    }
    if (w->animate && strcmp(opt->format, "svg") != 0) {
        cli_usage_error("--animate: writes an animated SVG, not %s; expected "
                        "-o FILE.svg or -t svg",
                        opt->format);
        return false;
    }
    return w->frames == NULL || check_frames(opt);
}
