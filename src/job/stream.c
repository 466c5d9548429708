/* SPDX-License-Identifier: MIT */
/*
 * Streamed runs (stream.h): the checks that decide whether a run streams,
 * and the run itself, which hands the library's stream to the exporter
 * with the output written atomically as usual.
 */
#include "job/stream.h"

#include <stdio.h>
#include <string.h>

void
maze__job_streamable_names(char *buf, size_t size)
{
    size_t n = 0, count = 0;
    for (size_t i = 0; i < maze_algorithm_count(); i++) {
        count += maze_algorithm_at(i)->streamable;
    }
    buf[0] = '\0';
    for (size_t i = 0, k = 0; i < maze_algorithm_count(); i++) {
        const struct maze_algorithm_info *a = maze_algorithm_at(i);
        if (!a->streamable) {
            continue;
        }
        const char *sep = k == 0 ? "" : k + 1 == count ? " or " : ", ";
        int w = snprintf(buf + n, size - n, "%s%s", sep, a->name);
        n += w > 0 && (size_t)w < size - n ? (size_t)w : 0;
        k++;
    }
}

/* Why the run cannot stream, or NULL. */
static const char *
obstacle(const struct maze_job *opt, char *buf, size_t size)
{
    const char *alg = maze__job_algorithm(opt);
    char names[128];
    maze__job_streamable_names(names, sizeof(names));
    if (opt->fractal > 1) {
        return "--fractal nests whole mazes; expected no --fractal";
    }
    if (opt->difficulty) {
        return "--difficulty measures whole mazes; expected no --difficulty";
    }
    if (opt->sheet.count_set || opt->sheet.puzzle) {
        return "--count and --puzzle make books of whole mazes; expected "
               "neither";
    }
    if (opt->sheet.on) {
        snprintf(buf, size,
                 "%s lays whole mazes out on paper; expected no sheet "
                 "options",
                 opt->sheet.why);
        return buf;
    }
    if (!maze_algorithm_find(alg)->streamable) {
        snprintf(buf, size, "-a %s cannot stream; expected -a %s", alg, names);
        return buf;
    }
    if (strcmp(opt->format, JOB_FORMAT_NONE) != 0 &&
        !maze_stream_format_supported(opt->format)) {
        snprintf(buf, size,
                 "%s cannot be written row by row; expected -t "
                 "png, text, blocks, blocks-csv, blocks-raw or none",
                 opt->format);
        return buf;
    }
    if (opt->solution || opt->answer_key) {
        return "a solution needs the whole maze; expected no --solution or "
               "--answer-key";
    }
    if (opt->stats != JOB_STATS_NONE) {
        return "--stats measures the whole maze; expected no --stats";
    }
    if (opt->openings_set) {
        return "--openings searches the whole maze for its ends, and a "
               "streamed maze goes from the top-left to the bottom-right "
               "corner; expected no --openings";
    }
    if (opt->braid_set || opt->unicursal) {
        return "--braid and --unicursal reshape the whole maze; expected "
               "neither";
    }
    return NULL;
}

bool
maze__job_can_stream(const struct maze_job *opt)
{
    char buf[256];
    return obstacle(opt, buf, sizeof(buf)) == NULL;
}

bool
maze__job_check_stream(struct maze_job *opt)
{
    uint64_t cells = (uint64_t)opt->width * opt->height;
    bool big = cells > MAZE_MAX_CELLS;
    if (!opt->stream && !big) {
        return true;
    }
    char buf[256];
    const char *why = obstacle(opt, buf, sizeof(buf));
    if (why == NULL) {
        opt->stream = true;
        return true;
    }
    if (opt->stream) {
        maze__job_usage_error("--stream: %s", why);
    } else {
        maze__job_usage_error("-W/--width x -H/--height: %ux%u is %llu cells; "
                              "above %u a maze is streamed row by row, and %s",
                              opt->width, opt->height,
                              (unsigned long long)cells, MAZE_MAX_CELLS, why);
    }
    return false;
}

/* Carves every row and throws it away: -t none. */
static int
carve_only(struct maze_stream *s)
{
    const uint64_t *east, *south;
    int rc;
    while ((rc = maze_stream_next_row(s, &east, &south)) == MAZE_OK) {
    }
    return rc == MAZE_ERR_RANGE ? MAZE_OK : rc;
}

int
maze__job_stream_write(const struct maze_job *opt, const struct maze_sink *sink)
{
    struct maze_generate_options g = {
        .struct_size = sizeof(struct maze_generate_options),
        .algorithm = opt->algorithm,
        .seed = opt->seed,
        .bias = opt->bias,
        .progress = maze__job_progress(opt),
    };
    struct maze_stream *s = NULL;
    int rc = maze_stream_create(opt->width, opt->height, &g, &s);
    if (rc == MAZE_OK && (opt->start.set || opt->finish.set)) {
        /* Unset ends keep their corners. */
        uint32_t sx = opt->start.set ? opt->start.v[0] : 0;
        uint32_t sy = opt->start.set ? opt->start.v[1] : 0;
        uint32_t fx = opt->finish.set ? opt->finish.v[0] : opt->width - 1;
        uint32_t fy = opt->finish.set ? opt->finish.v[1] : opt->height - 1;
        rc = maze_stream_set_endpoints(s, sx, sy, fx, fy);
    }
    if (rc != MAZE_OK) {
        maze_stream_destroy(s);
        return maze__job_fail(rc, "cannot generate the maze: %s",
                              maze_strerror(rc));
    }
    if (sink == NULL) {
        rc = carve_only(s);
        if (rc != MAZE_OK) {
            rc = maze__job_fail(rc, "cannot generate the maze: %s",
                                maze_strerror(rc));
        }
    } else {
        struct maze_export_options e = maze__job_export_options(opt);
        rc = maze_stream_export(s, opt->format, &e, sink);
    }
    maze_stream_destroy(s);
    return rc;
}
