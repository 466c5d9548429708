/* SPDX-License-Identifier: MIT */
/*
 * The progress line (progress.h). A thread wakes four times a second and,
 * once the run is two seconds old, redraws one line on standard error from
 * what the work last reported; the work itself only stores numbers under
 * a mutex, at most a few thousand times per phase, so reporting costs
 * nothing measurable and the line keeps moving even through a phase that
 * reports nothing (it still shows the time).
 */
#include "cli/progress.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* Seconds before the line first appears, and between redraws. */
#define DELAY 2.0
#define TICK_NS 250000000L

static struct {
    pthread_mutex_t lock;
    pthread_cond_t wake;
    pthread_t thread;
    bool running, stopping, drawn;
    double started;
    const char *phase;
    const char *name; /* the file being written, or NULL */
    uint64_t done, total, bytes;
    const struct maze_sink *inner;
} st = {.lock = PTHREAD_MUTEX_INITIALIZER, .wake = PTHREAD_COND_INITIALIZER};

static double
now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Draws the line; the lock is held. */
static void
draw(void)
{
    unsigned secs = (unsigned)(now() - st.started);
    char what[160];
    if (st.name != NULL) {
        snprintf(what, sizeof(what), "writing %.100s: %.1f MiB", st.name,
                 (double)st.bytes / 1048576.0);
    } else if (st.total > 0) {
        unsigned pct = (unsigned)(100.0 * (double)st.done / (double)st.total);
        snprintf(what, sizeof(what), "%.60s %u%%", st.phase,
                 pct > 100 ? 100 : pct);
    } else {
        snprintf(what, sizeof(what), "%.60s", st.phase ? st.phase : "working");
    }
    /* \r back to the start, \033[K clears what a longer line left. */
    fprintf(stderr, "\rmazegen: %s (%u s)\033[K", what, secs);
    fflush(stderr);
    st.drawn = true;
}

static void *
drawer(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&st.lock);
    while (!st.stopping) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += TICK_NS;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_nsec -= 1000000000L;
            until.tv_sec++;
        }
        pthread_cond_timedwait(&st.wake, &st.lock, &until);
        if (!st.stopping && now() - st.started >= DELAY) {
            draw();
        }
    }
    pthread_mutex_unlock(&st.lock);
    return NULL;
}

void
cli_progress_start(bool show)
{
    st.started = now();
    st.phase = "starting";
    if (show && pthread_create(&st.thread, NULL, drawer, NULL) == 0) {
        st.running = true;
    }
}

static int
on_report(void *ctx, const char *phase, uint64_t done, uint64_t total)
{
    (void)ctx;
    pthread_mutex_lock(&st.lock);
    st.phase = phase;
    st.name = NULL;
    st.done = done;
    st.total = total;
    pthread_mutex_unlock(&st.lock);
    return 0; /* Ctrl-C ends the run through the signal handler */
}

static const struct maze_progress hook = {on_report, NULL};

const struct maze_progress *
cli_progress_hook(void)
{
    return &hook;
}

void
cli_progress_phase(const char *phase)
{
    (void)on_report(NULL, phase, 0, 0);
}

static int
counting_write(void *ctx, const void *data, size_t len)
{
    (void)ctx;
    pthread_mutex_lock(&st.lock);
    st.bytes += len;
    const struct maze_sink *inner = st.inner;
    pthread_mutex_unlock(&st.lock);
    return inner->write(inner->ctx, data, len);
}

struct maze_sink
cli_progress_sink(const struct maze_sink *inner, const char *name)
{
    pthread_mutex_lock(&st.lock);
    st.inner = inner;
    st.name = name;
    st.bytes = 0;
    pthread_mutex_unlock(&st.lock);
    return (struct maze_sink){counting_write, NULL};
}

void
cli_progress_stop(void)
{
    if (!st.running) {
        return;
    }
    pthread_mutex_lock(&st.lock);
    st.stopping = true;
    pthread_cond_signal(&st.wake);
    pthread_mutex_unlock(&st.lock);
    pthread_join(st.thread, NULL);
    st.running = false;
    if (st.drawn) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
}
