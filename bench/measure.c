/* SPDX-License-Identifier: MIT */
/*
 * The child-process harness of the bench program (see measure.h). Peak
 * memory is read from /proc/self/status: VmHWM is reset (by writing 5 to
 * /proc/self/clear_refs) when the timed part begins, so the peak is the
 * timed part's own; where that is not possible the child's whole peak,
 * from wait4(), is reported instead.
 */
/* wait4() is a BSD call, outside the POSIX level the build asks for. */
#define _DEFAULT_SOURCE

#include "measure.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

double
bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A field of /proc/self/status in bytes, or 0 when unknown. */
static uint64_t
status_kb(const char *field)
{
    FILE *f = fopen("/proc/self/status", "r");
    if (f == NULL) {
        return 0;
    }
    char line[256];
    size_t n = strlen(field);
    uint64_t kb = 0;
    while (fgets(line, sizeof(line), f) != NULL) {
        if (strncmp(line, field, n) == 0 && line[n] == ':') {
            kb = strtoull(line + n + 1, NULL, 10);
            break;
        }
    }
    fclose(f);
    return kb * 1024;
}

static double
cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Where the timed part began, in the child. */
static double started, cpu_started;
static uint64_t rss_at_start;
static bool hwm_reset;

void
bench_start(struct sample *s)
{
    (void)s;
    FILE *f = fopen("/proc/self/clear_refs", "w");
    hwm_reset = f != NULL && fputs("5", f) >= 0;
    if (f != NULL && fclose(f) != 0) {
        hwm_reset = false;
    }
    rss_at_start = status_kb("VmRSS");
    cpu_started = cpu_now();
    started = bench_now();
}

void
bench_stop(struct sample *s)
{
    s->seconds = bench_now() - started;
    s->cpu = cpu_now() - cpu_started;
    uint64_t hwm = hwm_reset ? status_kb("VmHWM") : 0;
    s->peak = hwm > rss_at_start ? hwm - rss_at_start : 0;
}

bool
bench_run(bench_fn fn, void *arg, struct sample *out)
{
    int fd[2];
    if (pipe(fd) != 0) {
        perror("mazegen-bench: pipe");
        return false;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        perror("mazegen-bench: fork");
        close(fd[0]);
        close(fd[1]);
        return false;
    }
    if (pid == 0) {
        close(fd[0]);
        struct sample s = {0};
        fn(arg, &s);
        ssize_t n = write(fd[1], &s, sizeof(s));
        _exit(n == (ssize_t)sizeof(s) ? 0 : 1);
    }
    close(fd[1]);
    struct sample s = {.status = -1};
    ssize_t n;
    do {
        n = read(fd[0], &s, sizeof(s));
    } while (n < 0 && errno == EINTR);
    close(fd[0]);
    int wstatus;
    struct rusage ru;
    while (wait4(pid, &wstatus, 0, &ru) < 0 && errno == EINTR) {
    }
    if (n != (ssize_t)sizeof(s) || !WIFEXITED(wstatus) ||
        WEXITSTATUS(wstatus) != 0 || s.status != 0) {
        fprintf(stderr, "mazegen-bench: a measurement failed (status %d)\n",
                s.status);
        return false;
    }
    if (s.peak == 0) {
        s.peak = (uint64_t)ru.ru_maxrss * 1024;
    }
    *out = s;
    return true;
}

static int
cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double
bench_median(double *v, size_t n)
{
    qsort(v, n, sizeof(*v), cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
