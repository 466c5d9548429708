/*
 * Checks that need every option at once: sizes against endpoints, which
 * catalogue options go together, and where the maze may be written. They
 * run before anything is generated, so a bad combination never leaves a
 * file behind.
 */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/checks.h"

#include "cli/grid.h"
#include "cli/load.h"
#include "cli/output.h"
#include "cli/sheets.h"
#include "cli/stream.h"

/* Catalogue options that only make sense together, or not at all. */
static bool
check_catalogue(const struct cli_options *opt)
{
    const char *alg = cli_algorithm(opt);
    const char *why = NULL;
    if (opt->difficulty && opt->algorithm) {
        why = "--difficulty: picks the algorithm itself; expected no "
              "-a/--algorithm";
    } else if (opt->difficulty && opt->braid_set) {
        why = "--braid: --difficulty sets its own braiding; expected no "
              "--braid";
    } else if (opt->growing_set && strcmp(alg, "growing-tree") != 0) {
        why = "--growing: applies only to -a growing-tree";
    } else if (opt->rooms_set && strcmp(alg, "division") != 0) {
        why = "--rooms: applies only to -a division";
    } else if (opt->unicursal && opt->braid_set) {
        why = "--unicursal: a unicursal maze has no dead ends to braid; "
              "expected no --braid";
    } else if (opt->unicursal && opt->difficulty) {
        why = "--unicursal: cannot be combined with --difficulty";
    } else if (opt->unicursal && opt->rooms > 1) {
        why = "--unicursal: needs a perfect maze; expected no --rooms";
    } else if (opt->unicursal && opt->openings_set) {
        why = "--openings: --unicursal places start and finish itself; "
              "expected no --openings";
    } else if (opt->unicursal && (opt->start.set || opt->finish.set)) {
        why = "--unicursal: places start and finish itself; expected no "
              "--start or --finish";
    } else if (opt->unicursal &&
               (uint64_t)opt->width * opt->height * 4 > MAZE_MAX_CELLS) {
        why = "--unicursal: the doubled grid would exceed 2147483647 cells; "
              "expected a smaller -W/--width or -H/--height";
    }
    if (why != NULL) {
        cli_usage_error("%s", why);
        return false;
    }
    return true;
}

/* The output files can be created, and are two different files. */
static bool
check_files(const struct cli_options *opt)
{
    const char *files[2] = {opt->output, opt->answer_key};
    const char *flags[2] = {"-o/--output", "--answer-key"};
    for (int i = 0; i < 2; i++) {
        const char *why = files[i] ? cli_output_check(files[i]) : NULL;
        if (why != NULL) {
            cli_usage_error("%s: cannot write '%s': %s", flags[i], files[i],
                            why);
            return false;
        }
    }
    if (opt->answer_key && cli_same_file(opt->output, opt->answer_key)) {
        cli_usage_error("--answer-key: '%s' is also the -o/--output file; "
                        "expected a different file",
                        opt->answer_key);
        return false;
    }
    return true;
}

/*
 * Whether path is an existing device or pipe (/dev/stdout, /dev/full, a
 * FIFO): it has no extension to go by, so it takes the default format, as
 * standard output does.
 */
static bool
is_stream(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 &&
           (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode));
}

/* Where the maze goes: the format, the files, and what may share stdout. */
static bool
check_outputs(struct cli_options *opt)
{
    bool to_stdout = opt->output == NULL || strcmp(opt->output, "-") == 0;
    if (opt->format && strcmp(opt->format, CLI_FORMAT_NONE) == 0) {
        if (opt->output || opt->answer_key) {
            cli_usage_error("-t/--format: none writes no maze; expected no "
                            "-o/--output or --answer-key");
            return false;
        }
        return true;
    }
    if (opt->stats == CLI_STATS_JSON && to_stdout) {
        cli_usage_error("--stats=json: writes to standard output; expected "
                        "-o FILE for the maze, or -t none");
        return false;
    }
    if (opt->format == NULL) {
        const struct maze_format_info *f =
            to_stdout ? NULL : maze_format_for_path(opt->output);
        if (!to_stdout && f == NULL && !is_stream(opt->output)) {
            char exts[128] = "";
            for (size_t i = 0; i < maze_format_count(); i++) {
                const char *const *x = maze_format_at(i)->extensions;
                for (; *x; x++) {
                    size_t n = strlen(exts);
                    snprintf(exts + n, sizeof(exts) - n, "%s.%s", n ? " " : "",
                             *x);
                }
            }
            cli_usage_error("-o/--output: cannot tell the format of '%s' from "
                            "its extension; expected one of %s, or "
                            "-t/--format",
                            opt->output, exts);
            return false;
        }
        opt->format = f ? f->name : opt->sheet.on ? "sheet" : "text";
    }
    if (!check_files(opt)) {
        return false;
    }
    if (to_stdout && isatty(STDOUT_FILENO) &&
        strcmp(opt->format, "text") != 0) {
        cli_usage_error("-t/--format: will not write %s to a terminal; "
                        "expected -o FILE",
                        opt->format);
        return false;
    }
    return true;
}

/* Text draws whole rectangles only. */
static bool
check_text(const struct cli_options *opt)
{
    if (strcmp(opt->format, "text") != 0 || cli_whole_rect(opt) ||
        opt->load != NULL) {
        return true;
    }
    cli_usage_error("-t/--format: text draws only whole rectangles, not %s; "
                    "expected -o FILE ending .svg, .pdf, .png or .json (or "
                    "-t svg, pdf, png or json for standard output)",
                    opt->mask_path ? "a masked grid" : opt->kind->name);
    return false;
}

bool
cli_check_options(struct cli_options *opt)
{
    return cli_check_load(opt) && cli_check_grid(opt) && check_catalogue(opt) &&
           check_outputs(opt) && check_text(opt) && cli_check_sheet(opt) &&
           cli_check_stream(opt);
}
