/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the command line: the input is the argument list
 * (arguments separated by NUL bytes), given to the command's own main()
 * as argv after "mazegen". Every option's parsing and checking runs on
 * every input; runs that pass the checks and stay small (small_run(): at
 * most FUZZ_CELLS cells and FUZZ_MAZES mazes in all, small PNG images, no
 * terminal modes) go on to make and write their mazes, sheets and books.
 *
 * Nothing reaches the file system: the link wraps open() and openat()
 * for writing (the library's file sink makes its temporary files with
 * them) so that every output file is a memory file (memfd), and linkat(),
 * renameat() and unlinkat() do nothing; standard output and input are
 * /dev/null, and so are the command's messages. Reading stays real
 * (--load and --mask of a named file, which the command bounds). The
 * command's maze_release() at exit is left out, as the fonts must
 * outlive one run.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "job/grid.h"
#include "job/job_impl.h"
#include <mazegen/mazegen.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int mazegen_main(int argc, char **argv);
void mazegen_fuzz_release(void);
/* With _FILE_OFFSET_BITS=64 (the build's), glibc's headers turn open()
 * and openat() into these. */
int __wrap_open64(const char *path, int flags, ...);
int __wrap_openat64(int dirfd, const char *path, int flags, ...);
int __wrap_linkat(int olddirfd, const char *oldpath, int newdirfd,
                  const char *newpath, int flags);
int __wrap_renameat(int olddirfd, const char *oldpath, int newdirfd,
                    const char *newpath);
int __wrap_unlinkat(int dirfd, const char *path, int flags);
int __wrap_sigaction(int sig, const struct sigaction *act,
                     struct sigaction *old);
int __real_sigaction(int sig, const struct sigaction *act,
                     struct sigaction *old);
int __real_open64(const char *path, int flags, ...);
int __real_openat64(int dirfd, const char *path, int flags, ...);

/*
 * The largest run made in full: cells of every maze together, mazes, and
 * pixels of a PNG maze; sheets are drawn in full as PDF only (their SVG
 * and PNG pages draw the same page with cairo, at four times the time).
 * Every input is parsed and checked; making and writing is for the small
 * ones, so that an input takes about a millisecond and a long run reaches
 * 10^7 (a 4000-cell bound ran at 250 a second).
 */
#define FUZZ_CELLS 400
#define FUZZ_MAZES 4
#define FUZZ_PIXELS 10000
#define FUZZ_WALK_RATIO 20
#define FUZZ_ARGS 32
#define FUZZ_INPUT 4096

void
mazegen_fuzz_release(void)
{
    /* Kept for the next input (see the file comment). */
}

static int
memory_file(void)
{
    return memfd_create("mazegen-fuzz-output", MFD_CLOEXEC);
}

/* Whether flags open a file for writing, or make one (O_TMPFILE
 * includes O_DIRECTORY, and writes). */
static bool
writes(int flags)
{
    return (flags & O_ACCMODE) != O_RDONLY || (flags & O_CREAT) != 0;
}

int
__wrap_open64(const char *path, int flags, ...)
{
    if (writes(flags)) {
        return memory_file();
    }
    return __real_open64(path, flags);
}

int
__wrap_openat64(int dirfd, const char *path, int flags, ...)
{
    if (writes(flags)) {
        return memory_file();
    }
    return __real_openat64(dirfd, path, flags);
}

int
__wrap_linkat(int olddirfd, const char *oldpath, int newdirfd,
              const char *newpath, int flags)
{
    (void)olddirfd;
    (void)oldpath;
    (void)newdirfd;
    (void)newpath;
    (void)flags;
    return 0;
}

int
__wrap_renameat(int olddirfd, const char *oldpath, int newdirfd,
                const char *newpath)
{
    (void)olddirfd;
    (void)oldpath;
    (void)newdirfd;
    (void)newpath;
    return 0;
}

int
__wrap_unlinkat(int dirfd, const char *path, int flags)
{
    (void)dirfd;
    (void)path;
    (void)flags;
    return 0;
}

/* Whether the command's main() is running. */
static bool in_command;

/*
 * The command's signal handlers (its temporary files removed on SIGALRM,
 * SIGUSR1, ...) would replace the fuzzer's own, whose SIGALRM timer then
 * ends the process: while the command runs, its sigaction() calls change
 * nothing. The fuzzer's own calls go through.
 */
int
__wrap_sigaction(int sig, const struct sigaction *act, struct sigaction *old)
{
    if (in_command) {
        if (old != NULL) {
            memset(old, 0, sizeof(*old));
        }
        return 0;
    }
    return __real_sigaction(sig, act, old);
}

/*
 * Standard input and output become /dev/null, and the command's messages
 * (stdio's stderr) go there too; the sanitizers and the fuzzer still
 * report on file descriptor 2.
 */
static void
quiet_standard_streams(void)
{
    int null = __real_open64("/dev/null", O_RDWR);
    if (null >= 0) {
        dup2(null, STDIN_FILENO);
        dup2(null, STDOUT_FILENO);
        close(null);
    }
    FILE *quiet = fopen("/dev/null", "w");
    if (quiet != NULL) {
        stderr = quiet;
    }
}

/*
 * Whether the run carves by a random walk weighted far from even. Such a
 * walk crosses the grid along its light class once in about (heaviest /
 * lightest) steps, so its time grows with the square of the grid's length
 * that way times that ratio (docs/algorithms.md, "Bias on the random
 * walks"): seconds for a few thousand cells, which would make every such
 * input a timeout here.
 */
static bool
slow_walk(const struct maze_job *opt)
{
    const char *a = maze__job_algorithm(opt);
    if (strcmp(a, "wilson") != 0 && strcmp(a, "aldous-broder") != 0) {
        return false;
    }
    const struct maze_grid_kind *k = maze__job_grid_kind(opt);
    uint32_t least = UINT32_MAX, most = 0;
    for (unsigned c = 0; c < k->class_count; c++) {
        uint32_t w = opt->bias_set ? opt->bias.weight[c] : 1;
        least = w < least ? w : least;
        most = w > most ? w : most;
    }
    return (uint64_t)least * FUZZ_WALK_RATIO < most;
}

/* Whether a parsed run is small enough to make in full. */
static bool
small_run(const struct maze_job *opt)
{
    if (opt->interactive || opt->play || opt->watch.on ||
        opt->watch.frames != NULL) {
        return false;
    }
    uint64_t cells = (uint64_t)opt->width * opt->height;
    if (opt->load == NULL) {
        struct maze_grid_params p = maze__job_grid_params(opt);
        if (maze_grid_measure(maze__job_grid_kind(opt), &p, &cells, NULL,
                              NULL) != MAZE_OK) {
            return false;
        }
    }
    if (opt->unicursal) {
        cells *= 4;
    }
    if (slow_walk(opt)) {
        return false;
    }
    uint32_t mazes = maze__job_maze_count(opt);
    if (mazes > FUZZ_MAZES || cells * mazes > FUZZ_CELLS) {
        return false;
    }
    if (opt->sheet.on) {
        return strcmp(opt->format, "pdf") == 0;
    }
    if (strcmp(opt->format, "png") != 0 || opt->load != NULL) {
        return true;
    }
    struct maze_grid *g = NULL;
    if (!maze__job_whole_rect(opt) && !opt->stream &&
        maze__job_grid_create(opt, &g) != MAZE_OK) {
        return false;
    }
    struct maze_export_options e = maze__job_export_options(opt);
    uint64_t w, h;
    int rc = maze_png_size(g, opt->width, opt->height, &e, &w, &h);
    maze_grid_destroy(g);
    return rc == MAZE_OK && w * h <= FUZZ_PIXELS;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool started;
    if (!started) {
        quiet_standard_streams();
        started = true;
    }
    if (size > FUZZ_INPUT) {
        return 0;
    }
    /* The arguments, each a NUL-terminated copy in one buffer. */
    char *text = malloc(size + 1);
    if (text == NULL) {
        return 0;
    }
    memcpy(text, data, size);
    text[size] = '\0';
    char *argv[FUZZ_ARGS + 2] = {"mazegen"};
    int argc = 1;
    for (size_t at = 0; at < size && argc <= FUZZ_ARGS;) {
        argv[argc++] = text + at;
        at += strlen(text + at) + 1;
    }
    argv[argc] = NULL;

    /* getopt_long() keeps its place between calls: 0 starts it afresh. */
    optind = 0;
    struct maze_job *job = NULL;
    struct cli_args args = {0};
    bool run = maze_job_create(&job) == MAZE_OK &&
               cli_parse(argc, argv, &args, job) == CLI_RUN &&
               maze_job_check(job) == MAZE_OK && small_run(job);
    maze_job_destroy(job);
    free(args.v);
    if (run) {
        optind = 0;
        in_command = true;
        int status = mazegen_main(argc, argv);
        in_command = false;
        /* Statuses are 0, 1 (could not be done) and 2 (usage). */
        if (status < 0 || status > 2) {
            abort();
        }
    }
    free(text);
    return 0;
}
