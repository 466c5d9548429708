/* SPDX-License-Identifier: MIT */
/*
 * The text styles and block maps (styles.h). The library refuses what it
 * cannot draw with MAZE_ERR_UNSUPPORTED; these checks say why before any
 * maze is made, so the run writes nothing.
 */
#include "cli/styles.h"

#include <string.h>

#include "cli/grid.h"

bool
cli_is_blocks(const struct cli_options *opt)
{
    return opt->format != NULL && strncmp(opt->format, "blocks", 6) == 0;
}

static bool
check_blocks(const struct cli_options *opt)
{
    const char *f = opt->format;
    if (opt->blocks != NULL && strcmp(f, "blocks") != 0) {
        cli_usage_error("--blocks: applies to -t blocks only, not %s; "
                        "expected -o FILE ending .blocks or -t blocks",
                        f);
        return false;
    }
    if (!cli_is_blocks(opt)) {
        return true;
    }
    if (opt->load == NULL && !cli_whole_rect(opt)) {
        cli_usage_error(
            "-t/--format: %s maps whole rectangles only, not %s; "
            "expected --grid rect without --mask",
            f, opt->mask_path ? "a masked grid" : cli_grid_kind(opt)->name);
        return false;
    }
    if (opt->solution || opt->answer_key) {
        cli_usage_error("%s: a block map has no solution; expected no "
                        "--solution or --answer-key with -t %s",
                        opt->solution ? "--solution" : "--answer-key", f);
        return false;
    }
    return true;
}

static bool
check_underscore(const struct cli_options *opt)
{
    if (opt->charset != MAZE_CHARSET_UNDERSCORE ||
        strcmp(opt->format, "text") != 0) {
        return true;
    }
    if (opt->solution || opt->answer_key) {
        cli_usage_error("--charset: underscore draws no solution; expected "
                        "--charset ascii or utf8 with %s",
                        opt->solution ? "--solution" : "--answer-key");
        return false;
    }
    if (opt->load == NULL && !cli_whole_rect(opt)) {
        cli_usage_error("--charset: underscore draws whole rectangles only, "
                        "not %s; expected --charset ascii or utf8",
                        opt->mask_path ? "a masked grid"
                                       : cli_grid_kind(opt)->name);
        return false;
    }
    return true;
}

bool
cli_check_styles(const struct cli_options *opt)
{
    if (strcmp(opt->format, CLI_FORMAT_NONE) == 0) {
        if (opt->blocks != NULL) {
            cli_usage_error("--blocks: applies to -t blocks only, not none");
            return false;
        }
        return true;
    }
    return check_blocks(opt) && check_underscore(opt);
}
