/* SPDX-License-Identifier: MIT */
/*
 * The text styles and block maps (styles.h). The library refuses what it
 * cannot draw with MAZE_ERR_UNSUPPORTED; these checks say why before any
 * maze is made, so the run writes nothing.
 */
#include "job/styles.h"

#include <string.h>

#include "job/grid.h"

bool
maze__job_is_blocks(const struct maze_job *opt)
{
    return opt->format != NULL && strncmp(opt->format, "blocks", 6) == 0;
}

static bool
check_blocks(const struct maze_job *opt)
{
    const char *f = opt->format;
    const struct maze_format_info *fi = maze_format_find(f);
    if (opt->blocks != NULL && !(fi && (fi->reads & MAZE_READS_BLOCKS))) {
        maze__job_usage_error("--blocks: applies to -t blocks only, not %s; "
                              "expected -o FILE ending .blocks or -t blocks",
                              f);
        return false;
    }
    if (!maze__job_is_blocks(opt)) {
        return true;
    }
    if (opt->load == NULL && !maze__job_whole_rect(opt)) {
        maze__job_usage_error(
            "-t/--format: %s maps whole rectangles only, not %s; "
            "expected --grid rect without --mask",
            f,
            opt->mask_path ? "a masked grid" : maze__job_grid_kind(opt)->name);
        return false;
    }
    if (opt->solution || opt->answer_key) {
        maze__job_usage_error("%s: a block map has no solution; expected no "
                              "--solution or --answer-key with -t %s",
                              opt->solution ? "--solution" : "--answer-key", f);
        return false;
    }
    return true;
}

static bool
check_underscore(const struct maze_job *opt)
{
    const struct maze_format_info *fi = maze_format_find(opt->format);
    if (opt->charset != MAZE_CHARSET_UNDERSCORE || fi == NULL ||
        (fi->reads & MAZE_READS_CHARSET) == 0) {
        return true;
    }
    if (opt->solution || opt->answer_key) {
        maze__job_usage_error(
            "--charset: underscore draws no solution; expected "
            "--charset ascii or utf8 with %s",
            opt->solution ? "--solution" : "--answer-key");
        return false;
    }
    if (opt->load == NULL && !maze__job_whole_rect(opt)) {
        maze__job_usage_error(
            "--charset: underscore draws whole rectangles only, "
            "not %s; expected --charset ascii or utf8",
            opt->mask_path ? "a masked grid" : maze__job_grid_kind(opt)->name);
        return false;
    }
    return true;
}

bool
maze__job_check_styles(const struct maze_job *opt)
{
    if (strcmp(opt->format, JOB_FORMAT_NONE) == 0) {
        if (opt->blocks != NULL) {
            maze__job_usage_error(
                "--blocks: applies to -t blocks only, not none");
            return false;
        }
        return true;
    }
    return check_blocks(opt) && check_underscore(opt);
}
