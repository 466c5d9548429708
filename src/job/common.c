/* SPDX-License-Identifier: MIT */
/*
 * The bottom of the job (job_impl.h): errors recorded as the detail,
 * the hooks told, texts kept, and what the options alone decide. Nothing
 * here reads another file of src/job, so anything may call it.
 */
#ifdef __linux__
/* sched_getaffinity(): the cores this process may use (taskset, a
 * container's cpuset), not the machine's. */
#define _GNU_SOURCE
#endif
#include "job/job_impl.h"

#include "core/status_impl.h"

#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

unsigned
maze__job_available_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
#ifdef CPU_COUNT
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 0) {
        n = CPU_COUNT(&set);
    }
#endif
    return n < 1 ? 1 : n > JOB_MAX_THREADS ? JOB_MAX_THREADS : (unsigned)n;
}

/* The status of the last failure recorded on this thread, and how many
 * were recorded. */
static _Thread_local int last_status;
static _Thread_local unsigned long recorded;

unsigned long
maze__job_recorded(void)
{
    return recorded;
}

int
maze__job_last_status(void)
{
    return last_status != MAZE_OK ? last_status : MAZE_ERR_INVALID;
}

/* Records fmt as the calling thread's error detail. */
static void
record(int status, const char *fmt, va_list ap)
{
    last_status = status;
    recorded++;
    char line[MAZE__DETAIL_MAX];
    vsnprintf(line, sizeof(line), fmt, ap);
    (void)maze__fail(MAZE_ERR_INVALID, "%s", line);
}

void
maze__job_usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    record(MAZE_ERR_INVALID, fmt, ap);
    va_end(ap);
}

int
maze__job_fail(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    record(status, fmt, ap);
    va_end(ap);
    return status;
}

void
maze__job_phase(const struct maze_job *job, const char *phase)
{
    const struct maze_job_hooks *h = job->hooks;
    if (h != NULL && h->phase != NULL) {
        h->phase(h->ctx, phase);
    }
}

void
maze__job_note(const struct maze_job *job, const char *fmt, ...)
{
    const struct maze_job_hooks *h = job->hooks;
    if (h == NULL || h->note == NULL) {
        return;
    }
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof(line), fmt, ap);
    va_end(ap);
    h->note(h->ctx, line);
}

const struct maze_progress *
maze__job_progress(const struct maze_job *job)
{
    return job->hooks != NULL ? job->hooks->progress : NULL;
}

const char *
maze__job_keep(struct maze_job *job, const char *text)
{
    if (text == NULL) {
        return NULL;
    }
    char **grown = realloc(job->texts, (job->text_count + 1) * sizeof(*grown));
    char *copy = strdup(text);
    if (grown == NULL || copy == NULL) {
        free(copy);
        if (grown != NULL) {
            job->texts = grown;
        }
        return NULL;
    }
    job->texts = grown;
    job->texts[job->text_count++] = copy;
    return copy;
}

struct maze_export_options
maze__job_export_options(const struct maze_job *opt)
{
    const struct maze_format_info *fi = maze_format_find(opt->format);
    bool raster = fi != NULL && (fi->flags & MAZE_FORMAT_RASTER) != 0;
    const struct maze__job_length *given[3] = {&opt->cell_size,
                                               &opt->wall_width, &opt->margin};
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
maze__job_needs_solution(const struct maze_job *opt)
{
    return opt->solution || opt->answer_key ||
           (opt->sheet.on && opt->sheet.answers != MAZE_ANSWERS_NONE);
}

enum maze_endpoints
maze__job_endpoints(const struct maze_job *opt)
{
    /* No need to search for the longest path when both ends are given,
     * or when nothing is drawn or measured (-t none alone times the
     * carve). */
    bool unused = strcmp(opt->format, JOB_FORMAT_NONE) == 0 &&
                  opt->stats == JOB_STATS_NONE && !opt->solution;
    bool pinned = opt->start.set && opt->finish.set;
    return opt->difficulty == NULL && (pinned || unused)
               ? MAZE_ENDPOINTS_CORNERS
               : opt->openings;
}

uint32_t
maze__job_maze_count(const struct maze_job *opt)
{
    const struct maze__job_sheet *s = &opt->sheet;
    return s->puzzle ? 1 : s->count_set ? s->count : 1;
}

const char *
maze__job_algorithm(const struct maze_job *opt)
{
    /* generate.h: a NULL algorithm carves with the backtracker. This is
     * the job's one copy of that default, for messages and checks. */
    return opt->algorithm ? opt->algorithm : "backtracker";
}

static bool entry_push(struct maze_job *job, struct maze__job_entry *e,
                       const char *name, const char *text);

bool
maze__job_entry_add(struct maze_job *job, size_t index, const char *name,
                    const char *text)
{
    if (index == SIZE_MAX) {
        return entry_push(job, &job->book, name, text);
    }
    if (index >= job->entry_count) {
        struct maze__job_entry *grown =
            realloc(job->entries, (index + 1) * sizeof(*grown));
        if (grown == NULL) {
            return false;
        }
        for (size_t i = job->entry_count; i <= index; i++) {
            grown[i] = (struct maze__job_entry){0};
        }
        job->entries = grown;
        job->entry_count = index + 1;
    }
    return entry_push(job, &job->entries[index], name, text);
}

/* Appends name and text (both kept) to entry e. */
static bool
entry_push(struct maze_job *job, struct maze__job_entry *e, const char *name,
           const char *text)
{
    const char **names = realloc(e->names, (e->count + 1) * sizeof(*names));
    if (names != NULL) {
        e->names = names;
    }
    const char **texts = realloc(e->texts, (e->count + 1) * sizeof(*texts));
    if (texts != NULL) {
        e->texts = texts;
    }
    const char *n = maze__job_keep(job, name);
    const char *t = text ? maze__job_keep(job, text) : NULL;
    if (names == NULL || texts == NULL || n == NULL || (text && t == NULL)) {
        return false;
    }
    e->names[e->count] = n;
    e->texts[e->count] = t;
    e->count++;
    return true;
}

bool
maze__job_has_children(const struct maze_job *job)
{
    return job->entry_count > 1 || job->given[MAZE_OPT_JOB];
}
