/* SPDX-License-Identifier: MIT */
/*
 * mazegen: the command-line face of libmazegen. It is a plain client of
 * the public API: every option is read into a library job, which checks
 * them all before any work (so bad input never creates a file), then
 * makes the mazes; this program adds what only a program may do: the
 * terminal (progress, --watch, --play, the console of -i), standard
 * output, signals, and the files it writes atomically (output.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <mazegen/mazegen.h>

#include "cli/interactive.h"
#include "cli/options.h"
#include "cli/output.h"
#include "cli/play.h"
#include "cli/progress.h"
#include "cli/stats.h"
#include "cli/watch.h"

/* The job's lines for the user (maze_job_hooks.note). */
static void
note(void *ctx, const char *line)
{
    (void)ctx;
    cli_progress_stop();
    fprintf(stderr, "mazegen: %s\n", line);
}

static void
phase(void *ctx, const char *name)
{
    (void)ctx;
    cli_progress_phase(name);
}

/* Each maze made: its metrics printed with --stats. */
static int
made(void *ctx, const struct maze *maze, const struct maze_path *solution,
     unsigned number)
{
    const struct maze_job *job = ctx;
    (void)solution;
    (void)number;
    struct maze_option_value v;
    if (!maze_job_given(job, MAZE_OPT_STATS) ||
        !maze_job_get(job, MAZE_OPT_STATS, &v)) {
        return MAZE_OK;
    }
    /* The row's choices: text (0), then json. */
    bool json = v.number == 1;
    /* Text stats go to standard error, where the progress line is. */
    if (!json) {
        cli_progress_stop();
    }
    cli_progress_phase("measuring");
    return cli_print_stats(maze, json ? CLI_STATS_JSON : CLI_STATS_TEXT);
}

static struct maze_job_hooks
cli_hooks(const struct maze_job *job)
{
    return (struct maze_job_hooks){
        .struct_size = sizeof(struct maze_job_hooks),
        .progress = cli_progress_hook(),
        .phase = phase,
        .note = cli_number(job, MAZE_OPT_QUIET) ? NULL : note,
        .made = made,
        .ctx = (void *)job,
    };
}

/* Makes the job's mazes and writes them; returns the exit status. */
static int
make_and_write(struct maze_job *job)
{
    struct maze_job_hooks hooks = cli_hooks(job);
    int rc = maze_job_make(job, &hooks);
    int status = 0;
    if (rc != MAZE_OK) {
        cli_progress_stop();
        status = cli_report(rc, "cannot generate the maze");
    } else {
        /* -o and --answer-key are written first, then the frames of
         * --frames; all are named only when every one is whole. */
        struct cli_outputs outs;
        status = cli_outputs_write(&outs, job, &hooks);
        if (status == 0) {
            status = cli_frames_write(job);
        }
        status = cli_outputs_finish(&outs, status,
                                    cli_number(job, MAZE_OPT_VERBOSE));
        status = cli_frames_finish(job, status);
    }
    cli_progress_stop();
    return status;
}

/* One maze of the console (cli_make_fn): the options given, and its
 * size and seed. */
static int
console_maze(const struct cli_args *args, uint32_t width, uint32_t height,
             uint64_t seed)
{
    char w[16], h[16], s[24];
    snprintf(w, sizeof(w), "%u", width);
    snprintf(h, sizeof(h), "%u", height);
    snprintf(s, sizeof(s), "%llu", (unsigned long long)seed);
    const struct cli_arg more[] = {
        {maze_option_at(MAZE_OPT_WIDTH), w},
        {maze_option_at(MAZE_OPT_HEIGHT), h},
        {maze_option_at(MAZE_OPT_SEED), s},
    };
    struct maze_job *job;
    int rc = cli_job_again(args, more, sizeof(more) / sizeof(more[0]), &job);
    if (rc != MAZE_OK) {
        return cli_report(rc, "cannot generate the maze");
    }
    int status = make_and_write(job);
    maze_job_destroy(job);
    return status;
}

/* The run after checking. */
static int
run(struct maze_job *job, const struct cli_args *args)
{
    if (cli_number(job, MAZE_OPT_INTERACTIVE)) {
        return cli_interactive(job, args, console_maze);
    }
    if (cli_number(job, MAZE_OPT_PLAY)) {
        return cli_play(job);
    }
    cli_output_install_signals();
    if (cli_number(job, MAZE_OPT_VERBOSE) &&
        !maze_job_given(job, MAZE_OPT_LOAD)) {
        fprintf(stderr, "mazegen: seed %llu\n",
                (unsigned long long)cli_number(job, MAZE_OPT_SEED));
    }
    if (cli_number(job, MAZE_OPT_WATCH)) {
        return cli_watch_run(job);
    }
    cli_progress_start(!cli_number(job, MAZE_OPT_QUIET) &&
                       isatty(STDERR_FILENO));
    return make_and_write(job);
}

/* Checks the job, and what only the program can: the terminal. */
static int
check_and_run(struct maze_job *job, const struct cli_args *args)
{
    bool watch = cli_number(job, MAZE_OPT_WATCH);
    if (watch) {
        cli_watch_fit(job);
    }
    int rc = maze_job_check(job);
    if (rc != MAZE_OK) {
        return cli_report(rc, "cannot check the options");
    }
    if (!cli_output_terminal_ok(job) ||
        (cli_number(job, MAZE_OPT_PLAY) && !cli_check_play(job)) ||
        (watch && !cli_check_watch(job))) {
        return CLI_STATUS_USAGE;
    }
    return run(job, args);
}

/*
 * mazegen serve: runs mazegen-serve from the directory this program is
 * in (build/src/cli/ or the installed bindir), so the server's libraries
 * are loaded only for it. Returns only when it cannot.
 */
static int
serve(int argc, char **argv)
{
    char path[4096];
    ssize_t n = readlink("/proc/self/exe", path, sizeof(path) - 32);
    path[n > 0 ? n : 0] = '\0';
    char *slash = strrchr(path, '/');
    if (slash == NULL) {
        fprintf(stderr, "mazegen: serve: cannot find where mazegen is; "
                        "expected /proc to be mounted\n");
        return CLI_STATUS_RUNTIME;
    }
    strcpy(slash + 1, "mazegen-serve");
    argv[0] = path;
    execv(path, argv);
    fprintf(stderr,
            "mazegen: serve: cannot run '%s': %s; expected a mazegen built "
            "with GNU libmicrohttpd (-Dserve=enabled, docs/serve.md)\n",
            path, strerror(errno));
    (void)argc;
    return CLI_STATUS_USAGE;
}

int
main(int argc, char **argv)
{
    struct maze_job *job = NULL;
    struct cli_args args = {0};
    int status;
    if (argc > 1 && strcmp(argv[1], "serve") == 0) {
        return serve(argc - 1, argv + 1);
    }
    if (maze_job_create(&job) != MAZE_OK) {
        fprintf(stderr, "mazegen: %s\n", maze_strerror(MAZE_ERR_NOMEM));
        return CLI_STATUS_RUNTIME;
    }
    switch (cli_parse(argc, argv, &args, job)) {
    case CLI_EXIT_OK:
        status = fflush(stdout) == 0 ? 0 : CLI_STATUS_RUNTIME;
        break;
    case CLI_EXIT_USAGE:
        status = CLI_STATUS_USAGE;
        break;
    case CLI_EXIT_FAILED:
        status = CLI_STATUS_RUNTIME;
        break;
    case CLI_RUN:
    default:
        status = check_and_run(job, &args);
        break;
    }
    maze_job_destroy(job);
    free(args.v);
    /* Nothing of the library is used past here: its fonts and cairo's
     * caches go back now, so a leak checker sees a clean exit. */
    maze_release();
    return status;
}
