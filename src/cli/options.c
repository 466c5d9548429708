/*
 * Option parsing for mazegen. Every value is checked completely (a number
 * must consume its whole argument; decimals never go through the locale)
 * and every error is one line naming the option and the accepted form.
 */
#include "cli/options.h"
#include "cli/output.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_SIDE 1000000u

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
    {NULL, 0, NULL, 0},
};

/* Examples in --help; the command-line tests run each of them. */
static const char *const examples[] = {
    "mazegen",
    "mazegen -W 30 -H 15 --charset utf8 --solution",
    "mazegen -a kruskal -s 42 -o maze.png",
    "mazegen -W 40 -H 25 -b h=3,v=1 -c 8mm -o maze.svg",
    "mazegen -W 60 -H 80 --paper letter -o puzzle.pdf --answer-key key.pdf",
    "mazegen --algorithm list",
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

static void
print_help(void)
{
    printf(
        "Usage: mazegen [OPTION]...\n"
        "Generate a maze and write it as text, PNG, SVG or PDF.\n"
        "\n"
        "Maze:\n"
        "  -W, --width N         width in cells, 1 to %u (default 20)\n"
        "  -H, --height N        height in cells, 1 to %u (default 20);\n"
        "                        width x height at most %u cells\n"
        "  -a, --algorithm NAME  generator (default backtracker); 'list' "
        "shows all\n"
        "  -b, --bias h=W,v=W    weights of east-west (h) and north-south "
        "(v)\n"
        "                        passages: decimals 0 to 1000, at least one "
        "positive,\n"
        "                        an omitted one is 1 (default h=1,v=1)\n"
        "  -s, --seed N          seed, 0 to 18446744073709551615 (default: "
        "random,\n"
        "                        printed with --verbose and stamped in the "
        "output)\n"
        "      --start X,Y       start cell, 0-based, x right, y down\n"
        "      --finish X,Y      finish cell (default: start and finish are "
        "the\n"
        "                        two ends of the longest path)\n"
        "\n"
        "Output:\n"
        "  -o, --output FILE     write to FILE ('-' or none: standard "
        "output)\n"
        "  -t, --format NAME     text, png, svg or pdf (default: from FILE's\n"
        "                        extension .txt .png .svg .pdf, else text)\n"
        "      --solution        draw the shortest path from start to "
        "finish\n"
        "      --answer-key FILE also write the maze with its solution to "
        "FILE\n"
        "                        (same format); -o then holds the plain "
        "puzzle\n"
        "  -c, --cell-size LEN   cell size: px for png (default 10px), pt, "
        "mm or in\n"
        "                        for svg/pdf (default 12pt); a bare number "
        "uses the\n"
        "                        format's unit\n"
        "      --wall-width LEN  wall thickness (default: png cell/5, "
        "vector cell/8)\n"
        "      --margin LEN      space around the maze (default: png 0, "
        "vector one\n"
        "                        cell, paper 0.5in)\n"
        "      --dpi N           png resolution, 1 to 100000 (default 96)\n"
        "      --paper NAME      pdf page: none (fits the maze; default), "
        "letter, a4\n"
        "      --charset NAME    text characters: ascii (default) or utf8\n"
        "\n"
        "Other:\n"
        "  -v, --verbose         print the seed and the files written\n"
        "  -q, --quiet           print nothing but errors\n"
        "  -h, --help            show this help and exit\n"
        "      --version         show the version and exit\n"
        "\n"
        "Examples:\n",
        MAX_SIDE, MAX_SIDE, MAZE_MAX_CELLS);
    for (size_t i = 0; i < sizeof(examples) / sizeof(examples[0]); i++) {
        printf("  %s\n", examples[i]);
    }
    printf("\n"
           "Exit status: 0 success, 1 runtime failure (such as a full disk), "
           "2 bad usage.\n"
           "The same options and seed always give byte-identical output.\n");
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

static void
print_algorithms(void)
{
    for (size_t i = 0; i < maze_algorithm_count(); i++) {
        puts(maze_algorithm_at(i)->name);
    }
}

static void
print_formats(void)
{
    for (size_t i = 0; i < maze_format_count(); i++) {
        puts(maze_format_at(i)->name);
    }
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
        print_algorithms();
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
        print_formats();
        *listed = true;
        return true;
    }
    if (maze_format_find(arg) == NULL) {
        cli_usage_error("-t/--format: unknown format '%s'; expected text, "
                        "png, svg, pdf, or list",
                        arg);
        return false;
    }
    opt->format = arg;
    return true;
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
        return false;
    }
}

/* Checks that need every option: sizes, format, files, endpoints. */
static bool
check_combination(struct cli_options *opt)
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
    if (opt->format == NULL) {
        bool to_file = opt->output && strcmp(opt->output, "-") != 0;
        const struct maze_format_info *f =
            to_file ? maze_format_for_path(opt->output) : NULL;
        if (to_file && f == NULL) {
            cli_usage_error("-o/--output: cannot tell the format of '%s' from "
                            "its extension; use .txt, .png, .svg or .pdf, or "
                            "give -t/--format",
                            opt->output);
            return false;
        }
        opt->format = f ? f->name : "text";
    }
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
    bool tty = opt->output == NULL || strcmp(opt->output, "-") == 0
                   ? isatty(STDOUT_FILENO)
                   : false;
    if (tty && strcmp(opt->format, "text") != 0) {
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
        print_help();
        return CLI_EXIT_OK;
    }
    if (version) {
        printf("mazegen %s\n", MAZEGEN_VERSION);
        return CLI_EXIT_OK;
    }
    if (listed) {
        return CLI_EXIT_OK;
    }
    return check_combination(opt) ? CLI_RUN : CLI_EXIT_USAGE;
}
