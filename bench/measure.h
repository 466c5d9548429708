/* SPDX-License-Identifier: MIT */
/*
 * Measurements for the bench program. Each one runs in a child process
 * of its own (fork), so that the memory one measurement used cannot
 * inflate the next one's peak and a crash costs one row of the table.
 * The child times only the part it is asked to (set-up such as building
 * the maze to export is left out) and reports back through a pipe.
 */
#ifndef MAZEGEN_BENCH_MEASURE_H
#define MAZEGEN_BENCH_MEASURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What one run of a measurement reports. */
struct sample {
    /* Seconds spent in the timed part, on the clock and on the CPU (the
     * process's user and system time: on a busy machine the first grows
     * with the wait for a core, the second much less). */
    double seconds, cpu;
    /* Peak resident memory of the timed part, in bytes: the child's peak
     * after its set-up less what it held when the timed part began. */
    uint64_t peak;
    /* Bytes of output, a count of the measurement's choosing (wall
     * segments of a vector file, for instance) and what it is out of (the
     * maze's unit walls); 0 when not used. */
    uint64_t bytes, count, of;
    /* 0 when the run went well. */
    int status;
};

/*
 * A measurement: runs in the child. It does its set-up, calls
 * bench_start() just before the timed part and bench_stop() just after,
 * and fills the rest of *s (status, bytes, count).
 */
typedef void (*bench_fn)(void *arg, struct sample *s);

void bench_start(struct sample *s);
void bench_stop(struct sample *s);

/* Runs fn in a child; false (and a message on stderr) if the child
 * failed or crashed. */
bool bench_run(bench_fn fn, void *arg, struct sample *out);

/* The median of n values (n >= 1); sorts v. */
double bench_median(double *v, size_t n);

/* Monotonic seconds. */
double bench_now(void);

#endif
