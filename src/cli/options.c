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
#include "cli/watch.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* The three --openings placements, in the row's order (the library's
 * names; "corners" is the streamed maze's and is not offered). */
static const enum maze_endpoints openings[] = {MAZE_ENDPOINTS_LONGEST,
                                               MAZE_ENDPOINTS_LEFT_RIGHT,
                                               MAZE_ENDPOINTS_TOP_BOTTOM};

/* What "list" prints for an option that lists a registry. */
static void
print_list(const struct maze_option *o)
{
    switch (o->registry) {
    case MAZE_REGISTRY_ALGORITHM:
        cli_print_algorithms();
        break;
    case MAZE_REGISTRY_GRID:
        cli_print_grids();
        break;
    case MAZE_REGISTRY_PAPER:
        cli_print_papers();
        break;
    case MAZE_REGISTRY_FORMAT:
    default:
        cli_print_formats();
        break;
    }
}

/* Catalogue options: the algorithm's parameters and shaping. */
static bool
set_catalogue(const struct maze_option *o, const struct maze_option_value *v,
              struct cli_options *opt)
{
    switch (o->id) {
    case MAZE_OPT_GROWING:
        (void)maze_growing_parse(v->text, &opt->growing);
        opt->growing_set = true;
        return true;
    case MAZE_OPT_ROOMS:
        opt->rooms = (uint32_t)v->number;
        opt->rooms_set = true;
        return true;
    case MAZE_OPT_FRACTAL:
        opt->fractal = (uint32_t)v->number;
        opt->fractal_set = true;
        return true;
    case MAZE_OPT_WEAVE:
        opt->weave_set = true;
        opt->weave = v->text ? (uint32_t)v->number : 0;
        return true;
    case MAZE_OPT_BRAID:
        opt->braid = (uint32_t)v->number;
        opt->braid_set = true;
        return true;
    case MAZE_OPT_UNICURSAL:
        opt->unicursal = true;
        return true;
    case MAZE_OPT_STATS:
        opt->stats = v->number == 0 ? CLI_STATS_TEXT : CLI_STATS_JSON;
        return true;
    case MAZE_OPT_DIFFICULTY:
        opt->difficulty = cli_difficulty_parse(v->text);
        return opt->difficulty != NULL;
    default:
        return false;
    }
}

/* The SVG options: recorded with the first one given, for the check that
 * the output is SVG. */
static bool
set_svg(const struct maze_option *o, const struct maze_option_value *v,
        struct cli_options *opt)
{
    switch (o->id) {
    case MAZE_OPT_ID_PREFIX:
        opt->svg.id_prefix = v->text;
        break;
    case MAZE_OPT_BACKGROUND:
        opt->svg.background =
            v->number == 0 ? MAZE_BACKGROUND_WHITE : MAZE_BACKGROUND_NONE;
        break;
    default:
        opt->svg.plotter = true;
        break;
    }
    opt->svg_why = opt->svg_why ? opt->svg_why : maze_option_label(o);
    return true;
}

/* What option o, read as v, does to opt; false means a usage error was
 * reported. */
static bool
set_one(const struct maze_option *o, const struct maze_option_value *v,
        struct cli_options *opt)
{
    switch (o->id) {
    case MAZE_OPT_WIDTH:
        opt->width = (uint32_t)v->number;
        opt->width_set = true;
        return true;
    case MAZE_OPT_HEIGHT:
        opt->height = (uint32_t)v->number;
        opt->height_set = true;
        return true;
    case MAZE_OPT_ALGORITHM:
        opt->algorithm = v->text;
        return true;
    case MAZE_OPT_GRID:
        opt->kind = maze_grid_kind_find(v->text);
        return true;
    case MAZE_OPT_MASK:
        opt->mask_path = v->text;
        return true;
    case MAZE_OPT_MASK_INVERT:
        opt->mask_invert = true;
        return true;
    case MAZE_OPT_LEVELS:
        /* Bounded again by the kind (a 3D grid takes 1 to 64). */
        opt->levels = (uint32_t)v->number;
        return true;
    case MAZE_OPT_PANELS:
        opt->panels = (uint32_t)v->number;
        return true;
    case MAZE_OPT_CENTRE:
        opt->centre = (uint32_t)v->number;
        return true;
    case MAZE_OPT_BIAS:
        /* Read once the grid kind, which names the classes, is known. */
        opt->bias_text = v->text;
        opt->bias_set = true;
        return true;
    case MAZE_OPT_SEED:
        opt->seed = v->number;
        opt->seed_set = true;
        return true;
    case MAZE_OPT_OUTPUT:
        opt->output = v->text;
        return true;
    case MAZE_OPT_FORMAT:
        opt->format = v->text;
        return true;
    case MAZE_OPT_CELL_SIZE:
    case MAZE_OPT_WALL_WIDTH:
    case MAZE_OPT_MARGIN: {
        struct cli_length *l = o->id == MAZE_OPT_CELL_SIZE    ? &opt->cell_size
                               : o->id == MAZE_OPT_WALL_WIDTH ? &opt->wall_width
                                                              : &opt->margin;
        *l = (struct cli_length){v->length, v->bare};
        return true;
    }
    case MAZE_OPT_DPI:
        opt->dpi = (unsigned)v->number;
        return true;
    case MAZE_OPT_CHARSET:
        opt->charset = (enum maze_charset)v->number;
        return true;
    case MAZE_OPT_BLOCKS:
        opt->blocks = v->text;
        return true;
    case MAZE_OPT_INTERACTIVE:
        opt->interactive = true;
        return true;
    case MAZE_OPT_PLAY:
        opt->play = true;
        return true;
    case MAZE_OPT_START:
    case MAZE_OPT_FINISH: {
        struct cli_point *p =
            o->id == MAZE_OPT_START ? &opt->start : &opt->finish;
        *p = (struct cli_point){
            .set = true, .text = v->text, .count = v->cell_count};
        memcpy(p->v, v->cell, sizeof(p->v));
        return true;
    }
    case MAZE_OPT_OPENINGS:
        opt->openings = openings[v->number];
        opt->openings_set = true;
        return true;
    case MAZE_OPT_FORCE:
        opt->force = true;
        return true;
    case MAZE_OPT_SOLUTION:
        opt->solution = true;
        return true;
    case MAZE_OPT_ANSWER_KEY:
        opt->answer_key = v->text;
        return true;
    case MAZE_OPT_LOAD:
        opt->load = v->text;
        return true;
    case MAZE_OPT_VERBOSE:
        opt->verbose = true;
        return true;
    case MAZE_OPT_QUIET:
        opt->quiet = true;
        return true;
    case MAZE_OPT_STREAM:
        opt->stream = true;
        return true;
    case MAZE_OPT_MAX_MEMORY:
        opt->max_memory = v->number;
        return true;
    case MAZE_OPT_THREADS:
        opt->threads = (unsigned)v->number;
        return true;
    case MAZE_OPT_ID_PREFIX:
    case MAZE_OPT_BACKGROUND:
    case MAZE_OPT_PLOTTER:
        return set_svg(o, v, opt);
    default:
        if (o->group == MAZE_GROUP_WATCH) {
            return cli_parse_watch_option(o, v, opt);
        }
        if (o->group == MAZE_GROUP_SHEET) {
            return cli_parse_sheet_option(o, v, opt);
        }
        return set_catalogue(o, v, opt);
    }
}

/* Handles one option; false means a usage error was reported. */
static bool
parse_one(const struct maze_option *o, const char *arg, struct cli_options *opt,
          bool *listed)
{
    if ((o->flags & MAZE_OPTION_LISTS) && arg && strcmp(arg, "list") == 0) {
        print_list(o);
        *listed = true;
        return true;
    }
    struct maze_option_value v;
    if (maze_option_parse(o, arg, &v) != MAZE_OK) {
        cli_usage_error("%s", maze_error_detail());
        return false;
    }
    return set_one(o, &v, opt);
}

/*
 * Says what getopt_long turned away (c is '?' or ':'), as GNU tools do: a
 * long option that is the start of several names is ambiguous, one that
 * takes no value was given one, a missing value, or an unknown option.
 */
static void
bad_option(int c, const char *arg)
{
    bool is_long = strncmp(arg, "--", 2) == 0;
    if (!is_long && optopt > 0 && optopt < 128) {
        cli_usage_error(
            "%s '-%c'",
            c == ':' ? "missing value for option" : "unknown option", optopt);
        return;
    }
    size_t len = strcspn(arg, "=");
    const char *name = arg + 2;
    size_t nlen = len >= 2 ? len - 2 : 0;
    char names[512] = "";
    size_t n = 0, matches = 0;
    const struct cli_option_spec *exact = NULL;
    for (size_t i = 0; is_long && i < cli_option_count(); i++) {
        const struct cli_option_spec *s = cli_option_at(i);
        if (strncmp(s->name, name, nlen) != 0 || s->hidden) {
            continue;
        }
        if (strlen(s->name) == nlen) {
            exact = s;
        }
        int w = snprintf(names + n, sizeof(names) - n, " --%s", s->name);
        n += w > 0 && (size_t)w < sizeof(names) - n ? (size_t)w : 0;
        matches++;
    }
    if (c == '?' && exact == NULL && matches > 1 && nlen > 0) {
        cli_usage_error("option '%.*s' is ambiguous; possibilities:%s",
                        (int)len, arg, names);
    } else if (c == '?' && arg[len] == '=' && exact != NULL &&
               exact->arg == no_argument) {
        cli_usage_error("option '--%s' doesn't allow an argument", exact->name);
    } else {
        cli_usage_error("%s '%.*s'",
                        c == ':' ? "missing value for option"
                                 : "unknown option",
                        (int)len, arg);
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
    build_getopt_tables();
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, short_options, long_options, NULL)) !=
           -1) {
        const struct maze_option *o = cli_option_row(c);
        struct maze_option_value v;
        if (o && o->id == MAZE_OPT_HELP) {
            help = true;
        } else if (o && o->id == MAZE_OPT_VERSION) {
            version = true;
        } else if (o && o->id == MAZE_OPT_COMPLETIONS) {
            if (maze_option_parse(o, optarg, &v) != MAZE_OK) {
                cli_usage_error("%s", maze_error_detail());
                return CLI_EXIT_USAGE;
            }
            shell = optarg;
        } else if (c == '?' || c == ':' || o == NULL) {
            bad_option(c, argv[optind - 1]);
            return CLI_EXIT_USAGE;
        } else if (!parse_one(o, optarg, opt, &listed)) {
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
        printf("mazegen %s\n"
               "Copyright (c) 2026 The mazegen authors\n"
               "License: MIT (the LICENSE file beside the documentation).\n"
               "This is free software: you are free to change and "
               "redistribute it.\n"
               "There is NO WARRANTY, to the extent permitted by law.\n",
               MAZEGEN_VERSION);
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
