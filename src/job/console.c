/* SPDX-License-Identifier: MIT */
/*
 * What the console (-i) and --play go with: both draw their mazes in the
 * terminal themselves, so the options that write or shape mazes another
 * way are refused before anything is asked or drawn. The terminal itself
 * (whether there is one, its size) is the program's to check.
 */
#include <string.h>

#include "job/console.h"
#include "job/grid.h"

bool
maze__job_check_interactive(const struct maze_job *opt)
{
    if (!opt->interactive) {
        return true;
    }
    const struct maze_format_info *f =
        opt->format ? maze_format_find(opt->format) : NULL;
    const char *why = NULL;
    if (opt->width_set || opt->height_set) {
        why = opt->width_set ? "-W/--width" : "-H/--height";
    } else if (opt->output || opt->answer_key) {
        why = opt->output ? "-o/--output" : "--answer-key";
    } else if (opt->format && (f == NULL || !(f->flags & MAZE_FORMAT_TEXT))) {
        maze__job_usage_error("-t/--format: -i/--interactive prints text, not "
                              "%s; expected -t text, blocks or blocks-csv",
                              opt->format);
        return false;
    } else if (opt->sheet.on) {
        why = opt->sheet.why;
    } else if (opt->load || opt->stream) {
        why = opt->load ? "--load" : "--stream";
    } else if (opt->mask_path || opt->fractal_set) {
        why = opt->mask_path ? "--mask" : "--fractal";
    } else if (opt->start.set || opt->finish.set) {
        why = opt->start.set ? "--start" : "--finish";
    } else if (opt->difficulty) {
        why = "--difficulty";
    }
    if (why != NULL) {
        maze__job_usage_error("%s: cannot be combined with -i/--interactive, "
                              "which asks for the size and prints each maze; "
                              "expected no %s",
                              why, why);
        return false;
    }
    return true;
}

bool
maze__job_check_play(const struct maze_job *opt)
{
    if (!opt->play) {
        return true;
    }
    const char *why = opt->interactive  ? "-i/--interactive"
                      : opt->output     ? "-o/--output"
                      : opt->format     ? "-t/--format"
                      : opt->answer_key ? "--answer-key"
                      : opt->solution   ? "--solution"
                      : opt->sheet.on   ? opt->sheet.why
                      : opt->load       ? "--load"
                      : opt->stream     ? "--stream"
                      : opt->stats      ? "--stats"
                      : opt->mask_path  ? "--mask"
                      : opt->charset == MAZE_CHARSET_UNDERSCORE ? "--charset"
                                                                : NULL;
    if (why != NULL) {
        maze__job_usage_error("%s: cannot be combined with --play, which draws "
                              "the maze in the terminal (? shows the "
                              "solution); expected no %s",
                              why, why);
        return false;
    }
    const char *kind = maze__job_grid_kind(opt)->name;
    if (strcmp(kind, "rect") != 0) {
        maze__job_usage_error("--play: plays rectangles only, not %s; expected "
                              "--grid rect (or no --grid, -L or --weave)",
                              kind);
        return false;
    }
    return true;
}
