/* SPDX-License-Identifier: MIT */
/*
 * The exporter sections of the bench program: every registered format
 * (maze_format_count() / maze_format_at(), so formats added later are
 * measured without touching this file) at two sizes, with the output size
 * and, for vector formats, how many wall segments the file holds against
 * the unit walls of the maze; then the PNG exporter against libpng
 * encoding the very same pixel rows with no maze work, and on 2 threads
 * against 1; and a 100-page puzzle book with its answer keys, made and
 * written whole.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mazegen/mazegen.h>

#include "bench_export.h"
#include "common.h"
#include "layout/layout.h"
#include "membuf.h"
#include "reference.h"

struct export_job {
    const char *format;
    uint32_t side;
    bool solution;
    /* For the PNG ratio: encode the exporter's rows with bare libpng. */
    bool baseline;
    /* PNG: the deflating threads (0: one), and cells of that many pixels
     * (0: the default). */
    unsigned threads, cell_px;
};

/* Walls a drawing has one unit at a time: closed inner edges and the
 * outer wall, less the two openings. */
static uint64_t
unit_walls(const struct maze *m)
{
    const struct maze_grid *g = maze_grid(m);
    uint64_t w = maze_grid_width(g), h = maze_grid_height(g);
    uint64_t openings = (maze_start_opening(m) != MAZE_NONE) +
                        (maze_finish_opening(m) != MAZE_NONE);
    return maze_grid_edge_count(g) - maze_passage_count(m) + 2 * (w + h) -
           openings;
}

static void
run_export(void *arg, struct sample *s)
{
    const struct export_job *j = arg;
    struct maze_grid *g = NULL;
    struct maze *m = NULL;
    struct maze_path *path = NULL;
    s->status = maze_grid_create_rect(j->side, j->side, &g);
    if (s->status == MAZE_OK) {
        s->status = maze_create(g, &m);
    }
    if (s->status == MAZE_OK) {
        struct maze_generate_options o = {
            .struct_size = sizeof(struct maze_generate_options), .seed = 7};
        s->status = maze_generate(m, &o);
    }
    if (s->status == MAZE_OK && j->solution) {
        s->status = maze_solve(m, &path);
    }
    if (s->status != MAZE_OK) {
        goto done;
    }
    struct maze_export_options e = {.struct_size =
                                        sizeof(struct maze_export_options),
                                    .solution = path,
                                    .threads = j->threads};
    if (j->cell_px > 0) {
        e.cell_size = (struct maze_length){j->cell_px, MAZE_UNIT_PX};
    }
    const struct maze_format_info *f = maze_format_find(j->format);
    if (j->side > 1000 && (f->flags & MAZE_FORMAT_VECTOR)) {
        /* Small cells, so a big maze fits a PDF page (200 inches). */
        e.cell_size = (struct maze_length){6, MAZE_UNIT_PT};
    }
    struct maze_sink counter = bench_counting_sink(&s->bytes);
    if (!j->baseline) {
        bench_start(s);
        s->status = maze_export(m, j->format, &e, &counter);
        bench_stop(s);
        if (s->status == MAZE_OK && (f->flags & MAZE_FORMAT_VECTOR)) {
            /* The runs the vector formats stroke, one segment each. */
            struct maze__layout lay;
            if (maze__layout_build(m, NULL, &lay) == MAZE_OK) {
                s->count = lay.run_count;
                s->of = unit_walls(m);
                maze__layout_finish(&lay);
            }
        }
        goto done;
    }
    struct membuf png;
    struct maze_sink keep = membuf_sink(&png, SIZE_MAX, SIZE_MAX);
    struct png_rows rows;
    s->status = maze_export(m, "png", &e, &keep);
    if (s->status == MAZE_OK) {
        s->status = png_rows_decode(png.data, png.len, &rows);
    }
    free(png.data);
    if (s->status == MAZE_OK) {
        bench_start(s);
        s->status = png_rows_encode(&rows, &counter);
        bench_stop(s);
        png_rows_free(&rows);
    }
done:
    maze_path_destroy(path);
    maze_destroy(m);
    maze_grid_destroy(g);
}

void
bench_export_section(void)
{
    bench_section("exporters (backtracker maze, seed 7; default sizes, "
                  "6pt cells for vector at 2000)",
                  "format         size         runs   median s   MB/s out "
                  "     bytes  peak MiB  segments  unit walls");
    static const uint32_t sides[] = {200, 2000};
    for (size_t f = 0; f < maze_format_count(); f++) {
        const struct maze_format_info *info = maze_format_at(f);
        for (size_t k = 0; k < 2; k++) {
            for (int sol = 0; sol < 2; sol++) {
                char name[40];
                snprintf(name, sizeof(name), "%s%s", info->name,
                         sol ? "+sol" : "");
                if (!bench_wanted(name)) {
                    continue;
                }
                struct export_job j = {info->name, sides[k], sol == 1,
                                       false,      0,        0};
                if (strcmp(info->name, "sheet") == 0 && j.side > 500) {
                    /* A letter page holds 540pt: at most 540 cells at
                     * the 1pt the sheet allows; the book row below
                     * measures sheets. */
                    printf("%-14s %-12s  -   does not fit a letter page\n",
                           name, "2000x2000");
                    continue;
                }
                uint64_t cells = (uint64_t)j.side * j.side;
                unsigned runs = bench_runs(cells);
                double median;
                struct sample s;
                char size[32];
                snprintf(size, sizeof(size), "%ux%u", (unsigned)j.side,
                         (unsigned)j.side);
                if (!bench_repeat(run_export, &j, runs, &median, &s)) {
                    printf("%-14s %-12s %4u  failed\n", name, size, runs);
                    continue;
                }
                char segments[24] = "-", walls[24] = "-";
                if (s.count > 0) {
                    snprintf(segments, sizeof(segments), "%llu",
                             (unsigned long long)s.count);
                    snprintf(walls, sizeof(walls), "%llu",
                             (unsigned long long)s.of);
                }
                printf("%-14s %-12s %4u %10.4f %10.1f %10llu %9.2f %9s "
                       "%11s\n",
                       name, size, runs, median, s.bytes / median / 1e6,
                       (unsigned long long)s.bytes, s.peak / 1048576.0,
                       segments, walls);
                fflush(stdout);
            }
        }
    }
}

/* ---- A puzzle book ----------------------------------------------------- */

enum { BOOK_PUZZLES = 100, BOOK_W = 30, BOOK_H = 40 };

/*
 * What `mazegen --count 100 --solution -o book.pdf` does, timed whole:
 * 100 backtracker mazes of 30 x 40 cells with their endpoints, solved,
 * then written as a letter-size book, one puzzle a page, with an answer
 * section at the end (100 + 17 pages).
 */
static void
run_book(void *arg, struct sample *s)
{
    (void)arg;
    struct maze_grid *g = NULL;
    struct maze *m[BOOK_PUZZLES] = {0};
    struct maze_path *p[BOOK_PUZZLES] = {0};
    struct maze_puzzle puzzles[BOOK_PUZZLES];
    bench_start(s);
    s->status = maze_grid_create_rect(BOOK_W, BOOK_H, &g);
    for (unsigned i = 0; i < BOOK_PUZZLES && s->status == MAZE_OK; i++) {
        struct maze_generate_options o = {
            .struct_size = sizeof(struct maze_generate_options),
            .seed = bench_cfg.seed + i,
            .endpoints = MAZE_ENDPOINTS_LONGEST};
        s->status = maze_create(g, &m[i]);
        if (s->status == MAZE_OK) {
            s->status = maze_generate(m[i], &o);
        }
        if (s->status == MAZE_OK) {
            s->status = maze_solve(m[i], &p[i]);
        }
        puzzles[i] = (struct maze_puzzle){
            .maze = m[i], .solution = p[i], .number = i + 1};
    }
    if (s->status == MAZE_OK) {
        struct maze_export_options e = MAZE_EXPORT_OPTIONS_INIT;
        struct maze_sheet_options sh = {.struct_size =
                                            sizeof(struct maze_sheet_options),
                                        .answers = MAZE_ANSWERS_END,
                                        .title = "Mazes",
                                        .name_line = true,
                                        .seed = bench_cfg.seed,
                                        .has_seed = true};
        struct maze_sink counter = bench_counting_sink(&s->bytes);
        s->status =
            maze_export_sheet(puzzles, BOOK_PUZZLES, "pdf", &e, &sh, &counter);
    }
    bench_stop(s);
    for (unsigned i = 0; i < BOOK_PUZZLES; i++) {
        maze_path_destroy(p[i]);
        maze_destroy(m[i]);
    }
    maze_grid_destroy(g);
}

void
bench_book_section(void)
{
    if (!bench_wanted("book")) {
        return;
    }
    bench_section("a puzzle book (100 letter pages of 30x40 backtracker "
                  "mazes, solved, answer keys at the end)",
                  "what           puzzles      runs   median s   MB/s out "
                  "     bytes  peak MiB");
    double median;
    struct sample s;
    unsigned runs = bench_cfg.runs_small;
    if (!bench_repeat(run_book, NULL, runs, &median, &s)) {
        printf("%-14s %-12d %4u  failed\n", "book", BOOK_PUZZLES, runs);
        return;
    }
    printf("%-14s %-12d %4u %10.4f %10.1f %10llu %9.2f\n", "book", BOOK_PUZZLES,
           runs, median, s.bytes / median / 1e6, (unsigned long long)s.bytes,
           s.peak / 1048576.0);
    fflush(stdout);
}

void
bench_png_ratio_section(void)
{
    if (!bench_wanted("png")) {
        return;
    }
    /* Interleaved, so both see the same machine. */
    for (int sol = 0; sol < 2; sol++) {
        struct export_job ex = {"png", 2000, sol == 1, false, 0, 0};
        struct export_job base = {"png", 2000, sol == 1, true, 0, 0};
        bench_interleaved(sol ? "png+sol export rate / libpng rate, same rows"
                              : "png export rate / libpng rate, same rows",
                          "2000x2000", run_export, &ex, run_export, &base,
                          bench_cfg.runs_small);
    }
    /* The deflating threads: 2 against 1, the same bytes. By CPU time the
     * ratio shows what the threads cost beyond the work itself. */
    struct export_job j1 = {"png", 2000, false, false, 1, 0};
    struct export_job j2 = {"png", 2000, false, false, 2, 0};
    bench_interleaved("png -j 2 speed / png -j 1 speed", "2000x2000",
                      run_export, &j2, run_export, &j1, bench_cfg.runs_small);
    j1 = (struct export_job){"png", 4000, false, false, 1, 2};
    j2 = (struct export_job){"png", 4000, false, false, 2, 2};
    bench_interleaved("png -j 2 speed / png -j 1 speed, 2px cells", "4000x4000",
                      run_export, &j2, run_export, &j1, bench_cfg.runs_small);
}

void
bench_vector_cost_section(void)
{
    static const char *const formats[] = {"svg", "pdf"};
    static const uint32_t sides[] = {500, 2000};
    for (size_t f = 0; f < 2; f++) {
        if (!bench_wanted(formats[f])) {
            continue;
        }
        for (size_t k = 0; k < 2; k++) {
            if (bench_cfg.quick && sides[k] > 500) {
                continue;
            }
            struct export_job j = {formats[f], sides[k], false, false, 0, 0};
            uint64_t cells = (uint64_t)sides[k] * sides[k];
            unsigned runs = bench_runs(cells);
            char what[64], size[32];
            snprintf(what, sizeof(what), "%s us a cell (cpu)", formats[f]);
            snprintf(size, sizeof(size), "%ux%u", (unsigned)sides[k],
                     (unsigned)sides[k]);
            double median;
            struct sample s;
            if (!bench_repeat(run_export, &j, runs, &median, &s)) {
                printf("%-44s %-12s  failed\n", what, size);
                continue;
            }
            printf("%-44s %-12s %7.3f %7.3f   (%u runs)\n", what, size,
                   median / (double)cells * 1e6, s.cpu / (double)cells * 1e6,
                   runs);
            fflush(stdout);
        }
    }
}
