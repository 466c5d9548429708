/* SPDX-License-Identifier: MIT */
/*
 * The bottom of the command line (cli.h): the usage error and what the
 * options alone decide. Nothing here reads another file of src/cli, so
 * anything may call it.
 */
#ifdef __linux__
/* sched_getaffinity(): the cores this process may use (taskset, a
 * container's cpuset), not the machine's. */
#define _GNU_SOURCE
#endif
#include "cli/cli.h"

#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

unsigned
cli_available_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
#ifdef CPU_COUNT
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 0) {
        n = CPU_COUNT(&set);
    }
#endif
    return n < 1 ? 1 : n > CLI_MAX_THREADS ? CLI_MAX_THREADS : (unsigned)n;
}

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

struct maze_export_options
cli_export_options(const struct cli_options *opt)
{
    const struct maze_format_info *fi = maze_format_find(opt->format);
    bool raster = fi != NULL && (fi->flags & MAZE_FORMAT_RASTER) != 0;
    const struct cli_length *given[3] = {&opt->cell_size, &opt->wall_width,
                                         &opt->margin};
    struct maze_length len[3];
    for (int i = 0; i < 3; i++) {
        len[i] = given[i]->len;
        if (given[i]->bare) {
            len[i].unit = raster ? MAZE_UNIT_PX : MAZE_UNIT_PT;
        }
    }
    return (struct maze_export_options){
        .struct_size = sizeof(struct maze_export_options),
        .cell_size = len[0],
        .wall_width = len[1],
        .margin = len[2],
        .dpi = opt->dpi,
        .charset = opt->charset,
        .svg = &opt->svg,
        .blocks = opt->blocks,
        .threads = opt->threads,
    };
}

bool
cli_needs_solution(const struct cli_options *opt)
{
    return opt->solution || opt->answer_key ||
           (opt->sheet.on && opt->sheet.answers != MAZE_ANSWERS_NONE);
}

enum maze_endpoints
cli_endpoints(const struct cli_options *opt)
{
    /* No need to search for the longest path when both ends are given,
     * or when nothing is drawn or measured (-t none alone times the
     * carve). */
    bool unused = strcmp(opt->format, CLI_FORMAT_NONE) == 0 &&
                  opt->stats == CLI_STATS_NONE && !opt->solution;
    bool pinned = opt->start.set && opt->finish.set;
    return opt->difficulty == NULL && (pinned || unused)
               ? MAZE_ENDPOINTS_CORNERS
               : opt->openings;
}

uint32_t
cli_maze_count(const struct cli_options *opt)
{
    const struct cli_sheet *s = &opt->sheet;
    return s->puzzle ? 1 : s->count_set ? s->count : 1;
}

const char *
cli_algorithm(const struct cli_options *opt)
{
    /* generate.h: a NULL algorithm carves with the backtracker. This is
     * the CLI's one copy of that default, for messages and checks. */
    return opt->algorithm ? opt->algorithm : "backtracker";
}
