/* SPDX-License-Identifier: MIT */
/*
 * The command's outputs over the library's file sink (<mazegen/file.h>),
 * which writes each file to a temporary file renamed into place on
 * commit: a failed or interrupted run leaves any earlier file untouched
 * and no partial file behind, an existing file keeps its mode and owner,
 * and a symbolic link is written through. This file adds what only a
 * program may do: standard output, and the signals (the handler removes
 * the named temporary files the library reports; unnamed ones vanish
 * with the process whatever ends it).
 */
#include "cli/output.h"

#include "cli/cli.h"
#include "cli/progress.h"

#include <errno.h>
#include <stdio.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Named temporary files to remove if a signal ends the run: at most two
 * outputs, and the staged frames (relative to frames_dir). */
static char *volatile pending[2];
static char *const *volatile pending_at;
static volatile size_t pending_at_count;
static volatile int pending_at_dir = -1;

static void
remove_pending(void)
{
    for (int i = 0; i < 2; i++) {
        if (pending[i] != NULL) {
            unlink(pending[i]);
        }
    }
    char *const *names = pending_at;
    for (size_t i = 0; names != NULL && i < pending_at_count; i++) {
        if (names[i] != NULL) {
            unlinkat(pending_at_dir, names[i], 0);
        }
    }
}

static void
on_fatal_signal(int sig)
{
    remove_pending();
    static const char msg[] = "mazegen: interrupted; no output written\n";
    ssize_t unused = write(STDERR_FILENO, msg, sizeof(msg) - 1);
    (void)unused;
    (void)sig;
    _exit(1);
}

/* Signals whose default ends the process (some with a core dump): clean
 * up, then let the signal do what it would have. */
static void
on_other_signal(int sig)
{
    remove_pending();
    signal(sig, SIG_DFL);
    raise(sig);
}

void
cli_output_install_signals(void)
{
    struct sigaction sa = {0};
    sa.sa_handler = on_fatal_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    static const int others[] = {SIGQUIT, SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU};
    sa.sa_handler = on_other_signal;
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
        sigaction(others[i], &sa, NULL);
    }
    /* A closed pipe becomes EPIPE on write, and a file past the size
     * limit EFBIG, reported like any I/O error: the temporary file goes,
     * instead of the process dying with it half written. */
    signal(SIGPIPE, SIG_IGN);
    signal(SIGXFSZ, SIG_IGN);
}

void
cli_output_track_at(int dirfd, char *const *names, size_t count)
{
    pending_at_count = 0;
    pending_at = names;
    pending_at_dir = dirfd;
    pending_at_count = count;
}

static void
track(char *path, char *old)
{
    for (int i = 0; i < 2; i++) {
        if (pending[i] == old) {
            pending[i] = path;
            return;
        }
    }
}

static bool
is_stdout(const char *path)
{
    return path == NULL || strcmp(path, "-") == 0;
}

const char *
cli_output_check(const char *path)
{
    if (is_stdout(path) || maze_file_check(path) == MAZE_OK) {
        return NULL;
    }
    /* Every problem of the path is found here, before any work, and is a
     * usage error (exit 2); only failures while writing exit 1. */
    const char *why = maze_error_detail();
    return why[0] != '\0' ? why : maze_strerror(MAZE_ERR_NOMEM);
}

static int
write_stdout(void *ctx, const void *data, size_t len)
{
    struct cli_output *out = ctx;
    const char *p = data;
    while (len > 0 && out->error == 0) {
        ssize_t n = write(STDOUT_FILENO, p, len);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            out->error = errno;
            break;
        }
        p += n;
        len -= (size_t)n;
    }
    return out->error != 0;
}

/* The file sink's write, keeping its first failure's errno in out. */
static int
write_file(void *ctx, const void *data, size_t len)
{
    struct cli_output *out = ctx;
    const struct maze_sink *inner = maze_file_sink_as_sink(out->file);
    if (inner->write(inner->ctx, data, len) != 0) {
        out->error = maze_file_sink_errno(out->file);
        return 1;
    }
    return 0;
}

bool
cli_output_open(struct cli_output *out, const char *path)
{
    *out = (struct cli_output){.path = path};
    if (is_stdout(path)) {
        out->sink = (struct maze_sink){write_stdout, out};
        return true;
    }
    out->sink = (struct maze_sink){write_file, out};
    int rc = maze_file_sink_create(path, 0, &out->file);
    if (rc != MAZE_OK) {
        out->error = rc == MAZE_ERR_IO ? errno : ENOMEM;
        const char *why = maze_error_detail();
        snprintf(out->why, sizeof out->why, "%s",
                 why[0] != '\0' ? why : strerror(out->error));
        return false;
    }
    const char *temp = maze_file_sink_temp_path(out->file);
    if (temp != NULL && (out->temp_path = strdup(temp)) != NULL) {
        track(out->temp_path, NULL);
    }
    return true;
}

bool
cli_output_close(struct cli_output *out, bool ok)
{
    ok = ok && out->error == 0;
    if (out->file != NULL) {
        if (ok && maze_file_sink_commit(out->file) != MAZE_OK) {
            out->error = maze_file_sink_errno(out->file);
            ok = false;
        }
        /* Without a commit, destroy removes the temporary file. */
        maze_file_sink_destroy(out->file);
        out->file = NULL;
    }
    if (out->temp_path != NULL) {
        track(NULL, out->temp_path);
        free(out->temp_path);
        out->temp_path = NULL;
    }
    return ok;
}

const char *
cli_output_name(const char *path)
{
    return path == NULL || strcmp(path, "-") == 0 ? "standard output" : path;
}

/* Reports a failed write of out: the sink's errno when it has one. */
static int
report_write(int rc, const struct cli_output *out)
{
    cli_progress_stop();
    if (rc == MAZE_ERR_IO || out->error != 0) {
        fprintf(stderr, "mazegen: cannot write %s: %s\n",
                cli_output_name(out->path),
                strerror(out->error ? out->error : EIO));
        return CLI_STATUS_RUNTIME;
    }
    return cli_report(rc, "cannot write");
}

/* Why an output could not be opened, naming the real cause: the file, or
 * the temporary file beside it that could not be made (the library's
 * detail says which). */
static void
report_open(const struct cli_output *out, const char *option, const char *path)
{
    fprintf(stderr, "mazegen: %s: cannot write '%s': %s\n", option,
            cli_output_name(path), out->why);
}

bool
cli_output_terminal_ok(const struct maze_job *job)
{
    const char *format = cli_text(job, MAZE_OPT_FORMAT);
    const struct maze_format_info *fi = maze_format_find(format);
    if (maze_job_output_count(job) > 0 &&
        maze_job_output_path(job, 0) == NULL &&
        !cli_number(job, MAZE_OPT_FORCE) && isatty(STDOUT_FILENO) &&
        (fi == NULL || (fi->flags & MAZE_FORMAT_TEXT) == 0)) {
        cli_usage_error("-t/--format: will not write %s to a terminal; "
                        "expected -o FILE, or --force to write it anyway",
                        format);
        return false;
    }
    return true;
}

int
cli_outputs_write(struct cli_outputs *o, struct maze_job *job,
                  const struct maze_job_hooks *hooks)
{
    *o = (struct cli_outputs){.count = maze_job_output_count(job)};
    int status = 0;
    for (unsigned i = 0; i < o->count && status == 0; i++) {
        o->paths[i] = maze_job_output_path(job, i);
        if (!cli_output_open(&o->out[i], o->paths[i])) {
            cli_progress_stop();
            report_open(&o->out[i], i == 0 ? "-o/--output" : "--answer-key",
                        o->paths[i]);
            cli_output_close(&o->out[i], false);
            status = CLI_STATUS_RUNTIME;
            break;
        }
        o->opened++;
        struct maze_sink sink =
            cli_progress_sink(&o->out[i].sink, cli_output_name(o->paths[i]));
        int rc = maze_job_write(job, i, &sink, hooks);
        if (rc != MAZE_OK) {
            status = report_write(rc, &o->out[i]);
        }
    }
    return status;
}

int
cli_outputs_finish(struct cli_outputs *o, int status, bool verbose)
{
    for (unsigned i = 0; i < o->opened; i++) {
        if (!cli_output_close(&o->out[i], status == 0) && status == 0) {
            cli_progress_stop();
            fprintf(stderr, "mazegen: cannot write %s: %s\n",
                    cli_output_name(o->paths[i]),
                    strerror(o->out[i].error ? o->out[i].error : EIO));
            status = CLI_STATUS_RUNTIME;
        }
    }
    for (unsigned i = 0; i < o->count && status == 0 && verbose; i++) {
        fprintf(stderr, "mazegen: wrote %s\n", cli_output_name(o->paths[i]));
    }
    return status;
}
