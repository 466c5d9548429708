/* SPDX-License-Identifier: MIT */
/*
 * Atomic output: write to "DIR/.NAME.XXXXXX", fsync, rename to "DIR/NAME".
 * A failed or interrupted run leaves any earlier file untouched and no
 * partial file behind. What the user owns stays theirs: an existing file
 * keeps its mode (and, where allowed, its owner and group); a new one gets
 * 0666 less the umask; a symbolic link is written through, as cp and
 * shell redirection do: the file it points to is replaced and the link
 * stays a link.
 */
#include "cli/output.h"

#include "cli/cli.h"
#include "cli/progress.h"

#include <errno.h>
#include <stdio.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Temporary files to remove if a signal ends the run (at most two). */
static char *volatile pending[2];

static void
on_fatal_signal(int sig)
{
    for (int i = 0; i < 2; i++) {
        if (pending[i] != NULL) {
            unlink(pending[i]);
        }
    }
    static const char msg[] = "mazegen: interrupted; no output written\n";
    ssize_t unused = write(STDERR_FILENO, msg, sizeof(msg) - 1);
    (void)unused;
    (void)sig;
    _exit(1);
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
    /* A closed pipe becomes EPIPE on write, reported like any I/O error. */
    signal(SIGPIPE, SIG_IGN);
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

/* The directory part of path ("." when there is none); caller frees. */
static char *
dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (slash == NULL) {
        return strdup(".");
    }
    if (slash == path) {
        return strdup("/");
    }
    return strndup(path, (size_t)(slash - path));
}

/* The most links followed, as the kernel allows (ELOOP past it). */
#define MAX_LINKS 40

/*
 * path with its symbolic links followed to the file they name, which need
 * not exist; a path that is no link comes back as it is. NULL (errno set)
 * when a link cannot be read, or they loop. Caller frees.
 */
static char *
follow_links(const char *path)
{
    char *cur = strdup(path);
    for (int i = 0; cur != NULL && i < MAX_LINKS; i++) {
        struct stat st;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode)) {
            return cur;
        }
        char link[PATH_MAX];
        ssize_t n = readlink(cur, link, sizeof(link) - 1);
        if (n < 0) {
            free(cur);
            return NULL;
        }
        link[n] = '\0';
        char *next;
        if (link[0] == '/') {
            next = strdup(link);
        } else {
            /* Relative to the link's own directory. */
            char *dir = dir_of(cur);
            size_t size = dir ? strlen(dir) + strlen(link) + 2 : 0;
            next = dir ? malloc(size) : NULL;
            if (next != NULL) {
                snprintf(next, size, "%s/%s", dir, link);
            }
            free(dir);
        }
        free(cur);
        cur = next;
    }
    if (cur != NULL) {
        free(cur);
        errno = ELOOP;
    }
    return NULL;
}

const char *
cli_output_check(const char *path)
{
    if (is_stdout(path)) {
        return NULL;
    }
    if (path[0] == '\0') {
        return "the file name is empty";
    }
    size_t len = strlen(path);
    struct stat st;
    if (path[len - 1] == '/' || (stat(path, &st) == 0 && S_ISDIR(st.st_mode))) {
        return "is a directory";
    }
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        return access(path, W_OK) == 0 ? NULL : "the device is not writable";
    }
    char *target = follow_links(path);
    if (target == NULL) {
        return errno == ELOOP ? "its symbolic links loop"
                              : "its symbolic link cannot be read";
    }
    char *dir = dir_of(target);
    free(target);
    if (dir == NULL) {
        return "out of memory";
    }
    /* Every problem of the path is found here, before any work, and is a
     * usage error (exit 2); only failures while writing exit 1. */
    const char *reason = NULL;
    if (stat(dir, &st) != 0) {
        reason = "its directory does not exist";
    } else if (!S_ISDIR(st.st_mode)) {
        reason = "its directory is not a directory";
    } else if (access(dir, W_OK | X_OK) != 0) {
        reason = "its directory is not writable (the file is written "
                 "beside it first, then renamed)";
    }
    free(dir);
    return reason;
}

static int
write_all(void *ctx, const void *data, size_t len)
{
    struct cli_output *out = ctx;
    const char *p = data;
    while (len > 0 && out->error == 0) {
        ssize_t n = write(out->fd, p, len);
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

/*
 * Gives the temporary file fd what the file it replaces has: its mode,
 * and its owner and group where the user may (root, or a group the user
 * is in); a new file gets 0666 less the umask (mkstemp makes it 0600).
 */
static void
keep_owner(int fd, const char *target)
{
    struct stat st;
    if (stat(target, &st) == 0 && S_ISREG(st.st_mode)) {
        if (fchown(fd, st.st_uid, st.st_gid) != 0) {
            (void)fchown(fd, (uid_t)-1, st.st_gid);
        }
        (void)fchmod(fd, st.st_mode & 07777);
        return;
    }
    mode_t mask = umask(0);
    umask(mask);
    (void)fchmod(fd, 0666 & ~mask);
}

bool
cli_output_open(struct cli_output *out, const char *path)
{
    *out = (struct cli_output){.path = path, .fd = -1};
    out->sink = (struct maze_sink){write_all, out};
    if (is_stdout(path)) {
        out->fd = STDOUT_FILENO;
        return true;
    }
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        /* A device or pipe: it cannot be replaced, so write through. */
        out->fd = open(path, O_WRONLY | O_CLOEXEC);
        if (out->fd < 0) {
            out->error = errno;
            return false;
        }
        return true;
    }
    out->target = follow_links(path);
    if (out->target == NULL) {
        out->error = errno;
        return false;
    }
    char *dir = dir_of(out->target);
    const char *slash = strrchr(out->target, '/');
    const char *base = slash ? slash + 1 : out->target;
    size_t size = dir ? strlen(dir) + strlen(base) + 16 : 0;
    out->temp_path = dir ? malloc(size) : NULL;
    if (out->temp_path == NULL) {
        free(dir);
        out->error = ENOMEM;
        return false;
    }
    snprintf(out->temp_path, size, "%s/.%s.XXXXXX", dir, base);
    free(dir);
    out->fd = mkstemp(out->temp_path);
    if (out->fd < 0) {
        out->error = errno;
        out->temp_failed = true;
        return false;
    }
    track(out->temp_path, NULL);
    keep_owner(out->fd, out->target);
    return true;
}

bool
cli_output_close(struct cli_output *out, bool ok)
{
    ok = ok && out->error == 0;
    if (out->fd >= 0 && out->fd != STDOUT_FILENO) {
        if (ok && out->temp_path != NULL && fsync(out->fd) != 0) {
            out->error = errno;
            ok = false;
        }
        if (close(out->fd) != 0 && ok) {
            out->error = errno;
            ok = false;
        }
    }
    out->fd = -1;
    if (out->temp_path != NULL && !out->temp_failed) {
        if (ok && rename(out->temp_path, out->target) != 0) {
            out->error = errno;
            ok = false;
        }
        if (!ok) {
            unlink(out->temp_path);
        }
        track(NULL, out->temp_path);
    }
    free(out->temp_path);
    free(out->target);
    out->temp_path = NULL;
    out->target = NULL;
    return ok;
}

bool
cli_same_file(const char *a, const char *b)
{
    if (is_stdout(a) || is_stdout(b)) {
        return is_stdout(a) && is_stdout(b);
    }
    struct stat sa, sb;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0) {
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    }
    /* Not both existing: compare the resolved directories and names. */
    char *da = dir_of(a), *db = dir_of(b);
    char ra[PATH_MAX], rb[PATH_MAX];
    bool same = false;
    if (da && db && realpath(da, ra) && realpath(db, rb)) {
        const char *na = strrchr(a, '/'), *nb = strrchr(b, '/');
        same = strcmp(ra, rb) == 0 &&
               strcmp(na ? na + 1 : a, nb ? nb + 1 : b) == 0;
    }
    free(da);
    free(db);
    return same;
}

const char *
cli_output_name(const char *path)
{
    return path == NULL || strcmp(path, "-") == 0 ? "standard output" : path;
}

int
cli_report_export(int rc, const struct cli_options *opt,
                  const struct cli_output *out)
{
    cli_progress_stop();
    const struct cli_sheet *s = &opt->sheet;
    if (rc == MAZE_ERR_RANGE && s->on && s->answers == MAZE_ANSWERS_SAME_PAGE) {
        cli_usage_error("--answers same-page: the keys do not fit under the "
                        "puzzles with cells of at least 1pt; expected "
                        "--answers end, fewer --per-page or a smaller maze");
        return CLI_STATUS_USAGE;
    }
    if (rc == MAZE_ERR_RANGE && s->on) {
        cli_usage_error("%s: the sheet does not fit %s (one page for svg and "
                        "png, mazes of at least 1pt cells); expected -t sheet, "
                        "a smaller maze or larger --paper",
                        s->why, opt->format);
        return CLI_STATUS_USAGE;
    }
    if (rc == MAZE_ERR_RANGE) {
        cli_usage_error("-c/--cell-size, --wall-width, --margin: the maze "
                        "does not fit in %s output with these sizes; "
                        "expected a wall width below the cell size and a "
                        "smaller maze or cell size",
                        opt->format);
        return CLI_STATUS_USAGE;
    }
    if (rc == MAZE_ERR_IO || out->error != 0) {
        fprintf(stderr, "mazegen: cannot write %s: %s\n",
                cli_output_name(out->path),
                strerror(out->error ? out->error : EIO));
    } else {
        fprintf(stderr, "mazegen: cannot export %s: %s\n", opt->format,
                maze_strerror(rc));
    }
    return CLI_STATUS_RUNTIME;
}

/* Why an output could not be opened, naming the real cause: the file, or
 * the temporary file beside it that could not be made. */
static void
report_open(const struct cli_output *out, const char *path)
{
    if (out->temp_failed) {
        fprintf(stderr,
                "mazegen: cannot write %s: the temporary file %s beside it "
                "cannot be created: %s\n",
                cli_output_name(path), out->temp_path, strerror(out->error));
    } else {
        fprintf(stderr, "mazegen: cannot create %s: %s\n",
                cli_output_name(path), strerror(out->error));
    }
}

int
cli_write_outputs(const struct cli_options *opt, cli_produce_fn produce,
                  const void *ctx)
{
    const char *paths[2] = {opt->output, opt->answer_key};
    struct cli_output out[2];
    int n = opt->answer_key ? 2 : 1;
    int status = 0;
    int opened = 0;
    for (int i = 0; i < n && status == 0; i++) {
        if (!cli_output_open(&out[i], paths[i])) {
            cli_progress_stop();
            report_open(&out[i], paths[i]);
            cli_output_close(&out[i], false);
            status = CLI_STATUS_RUNTIME;
            break;
        }
        opened++;
        struct maze_sink sink =
            cli_progress_sink(&out[i].sink, cli_output_name(paths[i]));
        int rc = produce(ctx, i, &sink);
        if (rc != MAZE_OK) {
            status = cli_report_export(rc, opt, &out[i]);
        }
    }
    for (int i = 0; i < opened; i++) {
        if (!cli_output_close(&out[i], status == 0) && status == 0) {
            cli_progress_stop();
            fprintf(stderr, "mazegen: cannot write %s: %s\n",
                    cli_output_name(paths[i]),
                    strerror(out[i].error ? out[i].error : EIO));
            status = CLI_STATUS_RUNTIME;
        }
    }
    for (int i = 0; i < n && status == 0 && opt->verbose; i++) {
        fprintf(stderr, "mazegen: wrote %s\n", cli_output_name(paths[i]));
    }
    return status;
}
