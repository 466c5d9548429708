/*
 * Option parsing for mazegen. Every value is checked completely (a number
 * must consume its whole argument; decimals never go through the locale)
 * and every error is one line naming the option and the accepted form.
 */
#include "cli/options.h"
#include "cli/output.h"
#include "cli/difficulty.h"
#include "cli/help.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_SIDE CLI_MAX_SIDE

enum long_only {
    OPT_WALL_WIDTH = 256,
    OPT_MARGIN,
    OPT_DPI,
    OPT_CHARSET,
    OPT_PAPER,
    OPT_START,
    OPT_FINISH,
    OPT_SOLUTION,
    OPT_ANSWER_KEY,
    OPT_VERSION,
    OPT_GROWING,
    OPT_ROOMS,
    OPT_BRAID,
    OPT_UNICURSAL,
    OPT_STATS,
    OPT_DIFFICULTY,
};

static const struct option long_options[] = {
    {"width", required_argument, NULL, 'W'},
    {"height", required_argument, NULL, 'H'},
    {"algorithm", required_argument, NULL, 'a'},
    {"bias", required_argument, NULL, 'b'},
    {"seed", required_argument, NULL, 's'},
    {"output", required_argument, NULL, 'o'},
    {"format", required_argument, NULL, 't'},
    {"cell-size", required_argument, NULL, 'c'},
    {"wall-width", required_argument, NULL, OPT_WALL_WIDTH},
    {"margin", required_argument, NULL, OPT_MARGIN},
    {"dpi", required_argument, NULL, OPT_DPI},
    {"charset", required_argument, NULL, OPT_CHARSET},
    {"paper", required_argument, NULL, OPT_PAPER},
    {"start", required_argument, NULL, OPT_START},
    {"finish", required_argument, NULL, OPT_FINISH},
    {"solution", no_argument, NULL, OPT_SOLUTION},
    {"answer-key", required_argument, NULL, OPT_ANSWER_KEY},
    {"verbose", no_argument, NULL, 'v'},
    {"quiet", no_argument, NULL, 'q'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, OPT_VERSION},
    {"growing", required_argument, NULL, OPT_GROWING},
    {"rooms", required_argument, NULL, OPT_ROOMS},
    {"braid", required_argument, NULL, OPT_BRAID},
    {"unicursal", no_argument, NULL, OPT_UNICURSAL},
    {"stats", optional_argument, NULL, OPT_STATS},
    {"difficulty", required_argument, NULL, OPT_DIFFICULTY},
    {NULL, 0, NULL, 0},
};

void
cli_usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("mazegen: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputs(" (see mazegen --help)\n", stderr);
    va_end(ap);
}

/* A whole unsigned decimal, no sign, no spaces; false on any junk. */
static bool
parse_u64(const char *s, uint64_t *out)
{
    if (*s < '0' || *s > '9') {
        return false;
    }
    uint64_t v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') {
            return false;
        }
        unsigned d = (unsigned)(*s - '0');
        if (v > (UINT64_MAX - d) / 10) {
            return false;
        }
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

static bool
parse_ranged(const char *name, const char *arg, uint64_t lo, uint64_t hi,
             uint64_t *out)
{
    if (!parse_u64(arg, out) || *out < lo || *out > hi) {
        cli_usage_error("%s: '%s' is not valid; expected a whole number "
                        "from %llu to %llu",
                        name, arg, (unsigned long long)lo,
                        (unsigned long long)hi);
        return false;
    }
    return true;
}

static bool
parse_point(const char *name, const char *arg, struct cli_point *out)
{
    const char *comma = strchr(arg, ',');
    uint64_t x, y;
    char xs[32];
    size_t xl = comma ? (size_t)(comma - arg) : 0;
    if (comma == NULL || xl == 0 || xl >= sizeof(xs)) {
        goto bad;
    }
    memcpy(xs, arg, xl);
    xs[xl] = '\0';
    if (!parse_u64(xs, &x) || !parse_u64(comma + 1, &y) || x >= MAX_SIDE ||
        y >= MAX_SIDE) {
        goto bad;
    }
    *out = (struct cli_point){true, (uint32_t)x, (uint32_t)y};
    return true;
bad:
    cli_usage_error("%s: '%s' is not valid; expected X,Y (0-based cell "
                    "coordinates, e.g. 0,0)",
                    name, arg);
    return false;
}

static bool
parse_length(const char *name, const char *arg, struct cli_length *out)
{
    int rc = maze_length_parse(arg, MAZE_UNIT_PX, &out->len);
    if (rc != MAZE_OK) {
        cli_usage_error("%s: '%s' is not valid; expected a positive "
                        "length up to 100000 with a unit px, pt, mm or in "
                        "(e.g. 12pt)",
                        name, arg);
        return false;
    }
    /* A bare number takes the output format's own unit, known later. */
    out->bare = strpbrk(arg, "pmi") == NULL;
    return true;
}

static bool
parse_name(const char *name, const char *arg, const char *const *choices,
           int *out)
{
    for (int i = 0; choices[i]; i++) {
        if (strcmp(arg, choices[i]) == 0) {
            *out = i;
            return true;
        }
    }
    char list[128] = "";
    for (int i = 0; choices[i]; i++) {
        strncat(list, i ? ", " : "", sizeof(list) - strlen(list) - 1);
        strncat(list, choices[i], sizeof(list) - strlen(list) - 1);
    }
    cli_usage_error("%s: unknown value '%s'; expected one of %s", name, arg,
                    list);
    return false;
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
    if (maze_format_find(arg) == NULL && strcmp(arg, CLI_FORMAT_NONE) != 0) {
        cli_usage_error("-t/--format: unknown format '%s'; expected text, "
                        "png, svg, pdf, none, or list",
                        arg);
        return false;
    }
    opt->format = arg;
    return true;
}

/* A decimal from 0 to 1 with at most six decimals, in millionths. */
static bool
parse_fraction(const char *s, uint32_t *out)
{
    uint32_t whole = 0, frac = 0, scale = MAZE_FRACTION_ONE / 10;
    int digits = 0;
    if (*s >= '0' && *s <= '9') {
        whole = (uint32_t)(*s++ - '0');
        digits++;
    }
    if (*s == '.') {
        s++;
        int n = 0;
        for (; *s >= '0' && *s <= '9'; s++, n++) {
            if (scale == 0) {
                return false;
            }
            frac += (uint32_t)(*s - '0') * scale;
            scale /= 10;
        }
        if (n == 0) {
            return false;
        }
        digits += n;
    }
    if (digits == 0 || *s != '\0' || whole > 1 || (whole == 1 && frac != 0)) {
        return false;
    }
    *out = whole * MAZE_FRACTION_ONE + frac;
    return true;
}

static bool
parse_stats(const char *arg, struct cli_options *opt)
{
    static const char *const kinds[] = {"text", "json", NULL};
    int choice = 0;
    if (arg != NULL && !parse_name("--stats", arg, kinds, &choice)) {
        return false;
    }
    opt->stats = choice == 0 ? CLI_STATS_TEXT : CLI_STATS_JSON;
    return true;
}

static bool
parse_difficulty(const char *arg, struct cli_options *opt)
{
    opt->difficulty = cli_difficulty_find(arg);
    if (opt->difficulty == NULL) {
        cli_usage_error("--difficulty: unknown level '%s'; expected easy, "
                        "medium, hard or expert",
                        arg);
        return false;
    }
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
        if (!parse_ranged("--rooms", arg, 0, MAX_SIDE, &v)) {
            return false;
        }
        opt->rooms = (uint32_t)v;
        opt->rooms_set = true;
        return true;
    case OPT_BRAID:
        if (!parse_fraction(arg, &opt->braid)) {
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

/* Handles one option; false means a usage error was reported. */
static bool
parse_one(int c, const char *arg, struct cli_options *opt, bool *listed)
{
    static const char *const charsets[] = {"ascii", "utf8", NULL};
    static const char *const papers[] = {"none", "letter", "a4", NULL};
    uint64_t v;
    int choice, rc;
    switch (c) {
    case 'W':
        if (!parse_ranged("-W/--width", arg, 1, MAX_SIDE, &v)) {
            return false;
        }
        opt->width = (uint32_t)v;
        return true;
    case 'H':
        if (!parse_ranged("-H/--height", arg, 1, MAX_SIDE, &v)) {
            return false;
        }
        opt->height = (uint32_t)v;
        return true;
    case 'a':
        return parse_algorithm(arg, opt, listed);
    case 'b':
        rc = maze_bias_parse(arg, &opt->bias);
        if (rc != MAZE_OK) {
            cli_usage_error("-b/--bias: '%s' is not valid; expected "
                            "h=W,v=W with decimal weights from 0 to 1000 "
                            "(at most 6 decimals), not both 0",
                            arg);
            return false;
        }
        opt->bias_set = true;
        return true;
    case 's':
        if (!parse_ranged("-s/--seed", arg, 0, UINT64_MAX, &opt->seed)) {
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
        return parse_length("-c/--cell-size", arg, &opt->cell_size);
    case OPT_WALL_WIDTH:
        return parse_length("--wall-width", arg, &opt->wall_width);
    case OPT_MARGIN:
        return parse_length("--margin", arg, &opt->margin);
    case OPT_DPI:
        if (!parse_ranged("--dpi", arg, 1, 100000, &v)) {
            return false;
        }
        opt->dpi = (unsigned)v;
        return true;
    case OPT_CHARSET:
        if (!parse_name("--charset", arg, charsets, &choice)) {
            return false;
        }
        opt->charset = (enum maze_charset)choice;
        return true;
    case OPT_PAPER:
        if (!parse_name("--paper", arg, papers, &choice)) {
            return false;
        }
        opt->paper = (enum maze_paper)choice;
        return true;
    case OPT_START:
        return parse_point("--start", arg, &opt->start);
    case OPT_FINISH:
        return parse_point("--finish", arg, &opt->finish);
    case OPT_SOLUTION:
        opt->solution = true;
        return true;
    case OPT_ANSWER_KEY:
        opt->answer_key = arg;
        return true;
    case 'v':
        opt->verbose = true;
        return true;
    case 'q':
        opt->quiet = true;
        return true;
    default:
        return parse_catalogue(c, arg, opt);
    }
}

/* Catalogue options that only make sense together, or not at all. */
static bool
check_catalogue(const struct cli_options *opt)
{
    const char *alg = opt->algorithm ? opt->algorithm : "backtracker";
    const char *why = NULL;
    if (opt->difficulty && opt->algorithm) {
        why = "--difficulty: picks the algorithm itself; expected no "
              "-a/--algorithm";
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

/* The size and the endpoints the user named fit together. */
static bool
check_size(const struct cli_options *opt)
{
    if ((uint64_t)opt->width * opt->height > MAZE_MAX_CELLS) {
        cli_usage_error("-W/--width x -H/--height: %ux%u is %llu cells; at "
                        "most %u are allowed",
                        opt->width, opt->height,
                        (unsigned long long)opt->width * opt->height,
                        MAZE_MAX_CELLS);
        return false;
    }
    const struct cli_point *pts[2] = {&opt->start, &opt->finish};
    const char *names[2] = {"--start", "--finish"};
    for (int i = 0; i < 2; i++) {
        if (pts[i]->set &&
            (pts[i]->x >= opt->width || pts[i]->y >= opt->height)) {
            cli_usage_error("%s: cell %u,%u is outside the %ux%u maze; "
                            "expected X from 0 to %u and Y from 0 to %u",
                            names[i], pts[i]->x, pts[i]->y, opt->width,
                            opt->height, opt->width - 1, opt->height - 1);
            return false;
        }
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
        if (!to_stdout && f == NULL) {
            cli_usage_error("-o/--output: cannot tell the format of '%s' from "
                            "its extension; use .txt, .png, .svg or .pdf, or "
                            "give -t/--format",
                            opt->output);
            return false;
        }
        opt->format = f ? f->name : "text";
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

enum cli_action
cli_parse(int argc, char **argv, struct cli_options *opt)
{
    *opt = (struct cli_options){.width = 20, .height = 20};
    bool listed = false, help = false, version = false;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":W:H:a:b:s:o:t:c:vqh", long_options,
                            NULL)) != -1) {
        if (c == 'h') {
            help = true;
        } else if (c == OPT_VERSION) {
            version = true;
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
    if (listed) {
        return CLI_EXIT_OK;
    }
    if (!check_size(opt) || !check_catalogue(opt) || !check_outputs(opt)) {
        return CLI_EXIT_USAGE;
    }
    return CLI_RUN;
}
