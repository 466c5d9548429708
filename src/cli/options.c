/* SPDX-License-Identifier: MIT */
/*
 * Option parsing for mazegen. Every value is checked completely (a number
 * must consume its whole argument; decimals never go through the locale)
 * and every error is one line naming the option and the accepted form.
 */
#include "cli/options.h"

#include "cli/checks.h"
#include "cli/completion.h"
#include "cli/difficulty.h"
#include "cli/grid.h"
#include "cli/help.h"
#include "cli/optable.h"
#include "cli/sheets.h"
#include "cli/styles.h"
#include "cli/values.h"
#include "cli/watch.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_SIDE CLI_MAX_SIDE

/* getopt_long's table and short options, filled from the option table
 * (optable.h) once. */
#define MAX_OPTIONS 80
static struct option long_options[MAX_OPTIONS];
static char short_options[2 * MAX_OPTIONS];

static void
build_getopt_tables(void)
{
    size_t n = cli_option_count(), k = 0;
    short_options[k++] = ':';
    for (size_t i = 0; i < n && i + 1 < MAX_OPTIONS; i++) {
        const struct cli_option_spec *o = cli_option_at(i);
        long_options[i] = (struct option){o->name, o->arg, NULL, o->code};
        if (o->letter && k + 3 < sizeof(short_options)) {
            short_options[k++] = o->letter;
            if (o->arg != no_argument) {
                short_options[k++] = ':';
            }
        }
    }
    long_options[n < MAX_OPTIONS ? n : MAX_OPTIONS - 1] =
        (struct option){NULL, 0, NULL, 0};
    short_options[k] = '\0';
}

static bool
parse_algorithm(const char *arg, struct cli_options *opt, bool *listed)
{
    if (strcmp(arg, "list") == 0) {
        cli_print_algorithms();
        *listed = true;
        return true;
    }
    if (maze_algorithm_find(arg) == NULL) {
        char names[256] = "";
        for (size_t i = 0; i < maze_algorithm_count(); i++) {
            strncat(names, i ? ", " : "", sizeof(names) - strlen(names) - 1);
            strncat(names, maze_algorithm_at(i)->name,
                    sizeof(names) - strlen(names) - 1);
        }
        cli_usage_error("-a/--algorithm: unknown algorithm '%s'; expected "
                        "one of %s, or list",
                        arg, names);
        return false;
    }
    opt->algorithm = arg;
    return true;
}

static bool
parse_format(const char *arg, struct cli_options *opt, bool *listed)
{
    if (strcmp(arg, "list") == 0) {
        cli_print_formats();
        *listed = true;
        return true;
    }
    /* A format's file extension names it too: -t txt is -t text. */
    for (size_t i = 0; i < maze_format_count() && !maze_format_find(arg); i++) {
        const struct maze_format_info *f = maze_format_at(i);
        for (const char *const *x = f->extensions; *x; x++) {
            if (strcmp(arg, *x) == 0) {
                arg = f->name;
                break;
            }
        }
    }
    if (maze_format_find(arg) == NULL && strcmp(arg, CLI_FORMAT_NONE) != 0) {
        char names[256] = "";
        for (size_t i = 0; i < maze_format_count(); i++) {
            strncat(names, maze_format_at(i)->name,
                    sizeof(names) - strlen(names) - 1);
            strncat(names, ", ", sizeof(names) - strlen(names) - 1);
        }
        cli_usage_error("-t/--format: unknown format '%s'; expected %s%s "
                        "(or an extension such as txt), or list",
                        arg, names, CLI_FORMAT_NONE);
        return false;
    }
    opt->format = arg;
    return true;
}

static bool
parse_stats(const char *arg, struct cli_options *opt)
{
    int choice = 0;
    if (arg != NULL &&
        !cli_parse_name("--stats", arg, cli_words_stats, &choice)) {
        return false;
    }
    opt->stats = choice == 0 ? CLI_STATS_TEXT : CLI_STATS_JSON;
    return true;
}

static bool
parse_difficulty(const char *arg, struct cli_options *opt)
{
    opt->difficulty = cli_difficulty_parse(arg);
    return opt->difficulty != NULL;
}

/* --openings: the placements a teacher asks for by name (the library's
 * names; "corners" is the streamed maze's and is not offered). */
static bool
parse_openings(const char *arg, struct cli_options *opt)
{
    static const enum maze_endpoints modes[] = {MAZE_ENDPOINTS_LONGEST,
                                                MAZE_ENDPOINTS_LEFT_RIGHT,
                                                MAZE_ENDPOINTS_TOP_BOTTOM};
    int choice;
    if (!cli_parse_name("--openings", arg, cli_words_openings, &choice)) {
        return false;
    }
    opt->openings = modes[choice];
    opt->openings_set = true;
    return true;
}

/* Catalogue options: the algorithm's parameters and shaping. */
static bool
parse_catalogue(int c, const char *arg, struct cli_options *opt)
{
    uint64_t v;
    switch (c) {
    case OPT_GROWING:
        if (maze_growing_parse(arg, &opt->growing) != MAZE_OK) {
            cli_usage_error("--growing: '%s' is not valid; expected newest, "
                            "random, oldest, middle, or weighted names like "
                            "newest:75,random:25 (whole weights, not all 0)",
                            arg);
            return false;
        }
        opt->growing_set = true;
        return true;
    case OPT_ROOMS:
        if (!cli_parse_ranged("--rooms", arg, 0, MAX_SIDE, &v)) {
            return false;
        }
        opt->rooms = (uint32_t)v;
        opt->rooms_set = true;
        return true;
    case OPT_FRACTAL:
        if (!cli_parse_ranged("--fractal", arg, 1, CLI_MAX_FRACTAL, &v)) {
            return false;
        }
        opt->fractal = (uint32_t)v;
        opt->fractal_set = true;
        return true;
    case OPT_WEAVE:
        opt->weave_set = true;
        if (arg == NULL) {
            return true;
        }
        char digits[16];
        size_t len = strlen(arg);
        /* "30" or "30%". */
        if (len > 1 && len < sizeof(digits) && arg[len - 1] == '%') {
            memcpy(digits, arg, len - 1);
            digits[len - 1] = '\0';
            arg = digits;
        }
        if (!cli_parse_ranged("--weave", arg, 1, 100, &v)) {
            return false;
        }
        opt->weave = (uint32_t)v;
        return true;
    case OPT_BRAID:
        if (!cli_parse_fraction(arg, &opt->braid)) {
            cli_usage_error("--braid: '%s' is not valid; expected a decimal "
                            "from 0 to 1 (at most 6 decimals), e.g. 0.5",
                            arg);
            return false;
        }
        opt->braid_set = true;
        return true;
    case OPT_UNICURSAL:
        opt->unicursal = true;
        return true;
    case OPT_STATS:
        return parse_stats(arg, opt);
    case OPT_DIFFICULTY:
        return parse_difficulty(arg, opt);
    default:
        return false;
    }
}

/* The SVG options: recorded with the first one given, for the check that
 * the output is SVG. */
static bool
parse_svg(int c, const char *arg, struct cli_options *opt)
{
    int choice;
    switch (c) {
    case OPT_ID_PREFIX:
        if (!maze_id_prefix_valid(arg)) {
            cli_usage_error("--id-prefix: not an id prefix; expected 1 to %d "
                            "ASCII letters, digits, '_', '-' or '.', "
                            "starting with a letter or '_'",
                            MAZE_ID_PREFIX_MAX);
            return false;
        }
        opt->svg.id_prefix = arg;
        opt->svg_why = opt->svg_why ? opt->svg_why : "--id-prefix";
        return true;
    case OPT_BACKGROUND:
        if (!cli_parse_name("--background", arg, cli_words_background,
                            &choice)) {
            return false;
        }
        opt->svg.background =
            choice == 0 ? MAZE_BACKGROUND_WHITE : MAZE_BACKGROUND_NONE;
        opt->svg_why = opt->svg_why ? opt->svg_why : "--background";
        return true;
    default:
        opt->svg.plotter = true;
        opt->svg_why = opt->svg_why ? opt->svg_why : "--plotter";
        return true;
    }
}

/* Handles one option; false means a usage error was reported. */
static bool
parse_one(int c, const char *arg, struct cli_options *opt, bool *listed)
{
    uint64_t v;
    int choice;
    switch (c) {
    case 'W':
        if (!cli_parse_ranged("-W/--width", arg, 1, MAX_SIDE, &v)) {
            return false;
        }
        opt->width = (uint32_t)v;
        opt->width_set = true;
        return true;
    case 'H':
        if (!cli_parse_ranged("-H/--height", arg, 1, MAX_SIDE, &v)) {
            return false;
        }
        opt->height = (uint32_t)v;
        opt->height_set = true;
        return true;
    case 'a':
        return parse_algorithm(arg, opt, listed);
    case 'g':
        return cli_parse_grid(arg, opt, listed);
    case OPT_MASK:
        opt->mask_path = arg;
        return true;
    case OPT_MASK_INVERT:
        opt->mask_invert = true;
        return true;
    case 'L':
        /* Bounded again by the kind (a 3D grid takes 1 to 64). */
        if (!cli_parse_ranged("-L/--levels", arg, 1, 1000, &v)) {
            return false;
        }
        opt->levels = (uint32_t)v;
        return true;
    case OPT_PANELS:
        if (!cli_parse_ranged("--panels", arg, 1, 64, &v)) {
            return false;
        }
        opt->panels = (uint32_t)v;
        return true;
    case OPT_CENTRE:
        if (!cli_parse_ranged("--centre", arg, 1, 10, &v)) {
            return false;
        }
        opt->centre = (uint32_t)v;
        return true;
    case 'b':
        /* Read once the grid kind, which names the classes, is known. */
        opt->bias_text = arg;
        opt->bias_set = true;
        return true;
    case 's':
        if (!cli_parse_ranged("-s/--seed", arg, 0, UINT64_MAX, &opt->seed)) {
            return false;
        }
        opt->seed_set = true;
        return true;
    case 'o':
        opt->output = arg;
        return true;
    case 't':
        return parse_format(arg, opt, listed);
    case 'c':
        return cli_parse_length("-c/--cell-size", arg, &opt->cell_size);
    case OPT_WALL_WIDTH:
        return cli_parse_length("--wall-width", arg, &opt->wall_width);
    case OPT_MARGIN:
        return cli_parse_margin("--margin", arg, &opt->margin);
    case OPT_DPI:
        if (!cli_parse_ranged("--dpi", arg, 1, 100000, &v)) {
            return false;
        }
        opt->dpi = (unsigned)v;
        return true;
    case OPT_CHARSET:
        if (!cli_parse_name("--charset", arg, cli_words_charset, &choice)) {
            return false;
        }
        opt->charset = (enum maze_charset)choice;
        return true;
    case OPT_BLOCKS:
        return cli_parse_blocks(arg, opt);
    case 'i':
        opt->interactive = true;
        return true;
    case OPT_PLAY:
        opt->play = true;
        return true;
    case OPT_START:
        return cli_parse_point("--start", arg, &opt->start);
    case OPT_FINISH:
        return cli_parse_point("--finish", arg, &opt->finish);
    case OPT_OPENINGS:
        return parse_openings(arg, opt);
    case OPT_FORCE:
        opt->force = true;
        return true;
    case OPT_SOLUTION:
        opt->solution = true;
        return true;
    case OPT_ANSWER_KEY:
        opt->answer_key = arg;
        return true;
    case OPT_LOAD:
        opt->load = arg;
        return true;
    case 'v':
        opt->verbose = true;
        return true;
    case 'q':
        opt->quiet = true;
        return true;
    case OPT_STREAM:
        opt->stream = true;
        return true;
    case OPT_MAX_MEMORY:
        return cli_parse_bytes("--max-memory", arg, &opt->max_memory);
    case 'j':
        if (!cli_parse_ranged("-j/--threads", arg, 1, CLI_MAX_THREADS, &v)) {
            return false;
        }
        opt->threads = (unsigned)v;
        return true;
    case OPT_ID_PREFIX:
    case OPT_BACKGROUND:
    case OPT_PLOTTER:
        return parse_svg(c, arg, opt);
    default:
        if (c >= CLI_OPT_WATCH) {
            return cli_parse_watch_option(c, arg, opt);
        }
        if (c >= CLI_OPT_SHEET) {
            return cli_parse_sheet_option(c, arg, opt);
        }
        return parse_catalogue(c, arg, opt);
    }
}

enum cli_action
cli_parse(int argc, char **argv, struct cli_options *opt)
{
    *opt = (struct cli_options){
        .width = 20,
        .height = 20,
        .svg = MAZE_SVG_OPTIONS_INIT,
    };
    bool listed = false, help = false, version = false;
    const char *shell = NULL;
    int choice;
    build_getopt_tables();
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, short_options, long_options, NULL)) !=
           -1) {
        if (c == 'h') {
            help = true;
        } else if (c == 'V') {
            version = true;
        } else if (c == OPT_COMPLETIONS) {
            if (!cli_parse_name("--completions", optarg, cli_words_shells,
                                &choice)) {
                return CLI_EXIT_USAGE;
            }
            shell = optarg;
        } else if (c == '?' || c == ':') {
            const char *what =
                c == '?' ? "unknown option" : "missing value for option";
            const char *arg = argv[optind - 1];
            if (strncmp(arg, "--", 2) == 0 || optopt <= 0 || optopt > 127) {
                int len = (int)strcspn(arg, "=");
                cli_usage_error("%s '%.*s'", what, len, arg);
            } else {
                cli_usage_error("%s '-%c'", what, optopt);
            }
            return CLI_EXIT_USAGE;
        } else if (!parse_one(c, optarg, opt, &listed)) {
            return CLI_EXIT_USAGE;
        }
    }
    if (optind < argc) {
        cli_usage_error("unexpected argument '%s'; options take the form "
                        "-W 20 or --width=20",
                        argv[optind]);
        return CLI_EXIT_USAGE;
    }
    if (help) {
        cli_print_help();
        return CLI_EXIT_OK;
    }
    if (version) {
        printf("mazegen %s\n", MAZEGEN_VERSION);
        return CLI_EXIT_OK;
    }
    if (shell) {
        cli_print_completions(shell);
        return CLI_EXIT_OK;
    }
    if (listed) {
        return CLI_EXIT_OK;
    }
    if (opt->threads == 0) {
        opt->threads = cli_available_cores();
    }
    return cli_check_options(opt) ? CLI_RUN : CLI_EXIT_USAGE;
}
