/* SPDX-License-Identifier: MIT */
/* The command's messages and the job's values (cli.h). */
#include "cli/cli.h"

#include <stdarg.h>
#include <stdio.h>

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

int
cli_report(int rc, const char *doing)
{
    const char *detail = maze_error_detail();
    if (rc == MAZE_ERR_INVALID) {
        cli_usage_error("%s", detail[0] ? detail : maze_strerror(rc));
        return CLI_STATUS_USAGE;
    }
    if (detail[0] != '\0') {
        fprintf(stderr, "mazegen: %s\n", detail);
    } else {
        fprintf(stderr, "mazegen: %s: %s\n", doing, maze_strerror(rc));
    }
    return CLI_STATUS_RUNTIME;
}

uint64_t
cli_number(const struct maze_job *job, enum maze_option_id id)
{
    struct maze_option_value v;
    return maze_job_get(job, id, &v) ? v.number : 0;
}

const char *
cli_text(const struct maze_job *job, enum maze_option_id id)
{
    struct maze_option_value v;
    return maze_job_get(job, id, &v) ? v.text : NULL;
}
