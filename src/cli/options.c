/* SPDX-License-Identifier: MIT */
/*
 * Option parsing for mazegen. Every value is checked completely (a number
 * must consume its whole argument; decimals never go through the locale)
 * and every error is one line naming the option and the accepted form.
 */
#include "cli/options.h"

#include "cli/completion.h"
#include "cli/help.h"
#include "cli/optable.h"

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

/*
 * Says what getopt_long turned away (c is '?' or ':') in the words
 * glibc's getopt uses: a long option that is the start of several names
 * is ambiguous, one that takes no value was given one, one that needs a
 * value has none, or the option is unknown.
 */
static void
bad_option(int c, const char *arg)
{
    bool is_long = strncmp(arg, "--", 2) == 0;
    if (!is_long && optopt > 0 && optopt < 128) {
        if (c == ':') {
            cli_usage_error("option '-%c' requires an argument", optopt);
        } else {
            cli_usage_error("unknown option '-%c'", optopt);
        }
        return;
    }
    size_t len = strcspn(arg, "=");
    const char *name = arg + 2;
    size_t nlen = len >= 2 ? len - 2 : 0;
    char names[512] = "";
    size_t n = 0, matches = 0;
    /* The option meant: the name given whole, or the one it starts. */
    const struct cli_option_spec *exact = NULL, *meant = NULL;
    for (size_t i = 0; is_long && nlen > 0 && i < cli_option_count(); i++) {
        const struct cli_option_spec *s = cli_option_at(i);
        if (strncmp(s->name, name, nlen) != 0) {
            continue;
        }
        exact = strlen(s->name) == nlen ? s : exact;
        meant = s;
        matches++;
        if (!s->hidden) {
            int w = snprintf(names + n, sizeof(names) - n, " '--%s'", s->name);
            n += w > 0 && (size_t)w < sizeof(names) - n ? (size_t)w : 0;
        }
    }
    meant = exact ? exact : matches == 1 ? meant : NULL;
    if (c == '?' && meant == NULL && matches > 1) {
        cli_usage_error("option '%.*s' is ambiguous; possibilities:%s",
                        (int)len, arg, names);
    } else if (c == '?' && arg[len] == '=' && meant != NULL &&
               meant->arg == no_argument) {
        cli_usage_error("option '--%s' doesn't allow an argument", meant->name);
    } else if (c == ':' && meant != NULL) {
        cli_usage_error("option '--%s' requires an argument", meant->name);
    } else {
        cli_usage_error("unknown option '%.*s'", (int)len, arg);
    }
}

/* Keeps option o as given, for jobs made again from it (the console). */
static bool
keep(struct cli_args *args, const struct maze_option *o, const char *text)
{
    struct cli_arg *grown =
        realloc(args->v, (args->count + 1) * sizeof(*args->v));
    if (grown == NULL) {
        return false;
    }
    args->v = grown;
    args->v[args->count++] = (struct cli_arg){o, text};
    return true;
}

enum cli_action
cli_parse(int argc, char **argv, struct cli_args *args, struct maze_job *job)
{
    bool listed = false, help = false, version = false;
    const char *shell = NULL;
    build_getopt_tables();
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, short_options, long_options, NULL)) !=
           -1) {
        const struct maze_option *o = cli_option_row(c);
        if (c == '?' || c == ':' || o == NULL) {
            bad_option(c, argv[optind - 1]);
            return CLI_EXIT_USAGE;
        }
        if ((o->flags & MAZE_OPTION_LISTS) && optarg &&
            strcmp(optarg, "list") == 0) {
            print_list(o);
            listed = true;
            continue;
        }
        int rc = maze_job_set(job, o->name, optarg);
        if (rc != MAZE_OK) {
            return cli_report(rc, "cannot read the options") == CLI_STATUS_USAGE
                       ? CLI_EXIT_USAGE
                       : CLI_EXIT_FAILED;
        }
        help = help || o->id == MAZE_OPT_HELP;
        version = version || o->id == MAZE_OPT_VERSION;
        shell = o->id == MAZE_OPT_COMPLETIONS ? optarg : shell;
        if (!keep(args, o, optarg)) {
            return cli_report(MAZE_ERR_NOMEM, "cannot read the options") ==
                           CLI_STATUS_USAGE
                       ? CLI_EXIT_USAGE
                       : CLI_EXIT_FAILED;
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
               "Copyright (C) 2026 The mazegen authors\n"
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
    return listed ? CLI_EXIT_OK : CLI_RUN;
}

int
cli_job_again(const struct cli_args *args, const struct cli_arg *more,
              size_t more_count, struct maze_job **out)
{
    *out = NULL;
    struct maze_job *job;
    int rc = maze_job_create(&job);
    for (size_t i = 0; rc == MAZE_OK && i < args->count; i++) {
        const struct cli_arg *a = &args->v[i];
        /* The console's own flag: each maze is an ordinary one. */
        if (a->row->id != MAZE_OPT_INTERACTIVE) {
            rc = maze_job_set(job, a->row->name, a->text);
        }
    }
    for (size_t i = 0; rc == MAZE_OK && i < more_count; i++) {
        rc = maze_job_set(job, more[i].row->name, more[i].text);
    }
    if (rc == MAZE_OK) {
        rc = maze_job_check(job);
    }
    if (rc != MAZE_OK) {
        maze_job_destroy(job);
        return rc;
    }
    *out = job;
    return MAZE_OK;
}
