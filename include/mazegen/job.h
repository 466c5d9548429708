/* SPDX-License-Identifier: MIT */
/*
 * A job: one request to mazegen, as the command, the Python module or a
 * web page makes it. A program sets options by name from their text form
 * (the rows of <mazegen/option.h>, the command's syntax and messages),
 * checks the job once (every combination rule, every bound before work,
 * every default resolved), then makes its mazes and writes its outputs.
 * Every client of the library thereby accepts, refuses, defaults and
 * writes exactly what the command does.
 *
 *   struct maze_job *job;
 *   maze_job_create(&job);
 *   maze_job_set(job, "grid", "hex");
 *   maze_job_set(job, "width", "12");
 *   maze_job_set(job, "output", "hex.pdf");
 *   if (maze_job_check(job) != MAZE_OK || maze_job_run(job, NULL) != MAZE_OK)
 *       fprintf(stderr, "%s\n", maze_error_detail());
 *   maze_job_destroy(job);
 *
 * A job belongs to one thread at a time.
 */
#ifndef MAZEGEN_JOB_H
#define MAZEGEN_JOB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mazegen/animate.h>
#include <mazegen/export.h>
#include <mazegen/maze.h>
#include <mazegen/option.h>
#include <mazegen/progress.h>
#include <mazegen/solve.h>
#include <mazegen/steps.h>

#ifdef __cplusplus
extern "C" {
#endif

struct maze_job;

/*
 * A new job with every option at its default. Returns MAZE_OK, or
 * MAZE_ERR_NOMEM (*out NULL).
 */
int maze_job_create(struct maze_job **out);

/* Frees the job, its mazes and its copies of every text; NULL is fine. */
void maze_job_destroy(struct maze_job *job);

/*
 * Sets the option named name (its long name, alias or letter, as
 * maze_option_find() takes) from text, its value as the command takes it
 * (NULL for a flag, or an optional value left out). The text is copied.
 * An option set twice keeps the later value. Returns MAZE_OK,
 * MAZE_ERR_INVALID with maze_error_detail() naming the option and what it
 * accepts (an unknown name, a bad value), or MAZE_ERR_NOMEM. A bad value
 * of a grid size (-W, -H, -L, --panels, --centre) is refused by
 * maze_job_check() instead, which names the limits of the grid kind the
 * job ends up with (a later value does not take it back). A job that was
 * checked must not be set again.
 */
int maze_job_set(struct maze_job *job, const char *name, const char *text);

/*
 * Makes the job one that touches no file, for a program that serves
 * requests from others (mazegen serve): options that read files (--mask,
 * --load, --job) or name a directory (--frames) are refused by
 * maze_job_set(), -o and --answer-key only name their format (never
 * looked at: the program writes each output through maze_job_write()),
 * and a sheet without --paper is on letter, not the paper of
 * maze_paper_default(), and without --lang in English, not the locale's
 * language (no environment is read). Call it before setting options; not
 * after
 * maze_job_check().
 */
void maze_job_no_files(struct maze_job *job);

/*
 * Gives input option `name` (mask or load: a MAZE_OPTION_INPUT row) its
 * contents instead of a path: the job reads these len bytes (copied) and
 * never opens a file for it. label names the input in messages where the
 * path would be ("heart.png", "the uploaded mask"); NULL: "the data given".
 * Every check and message of the file applies to them, and
 * maze_job_get() and maze_job_given() report the option given, its text
 * the label. Set again (data or a path), --mask takes the later; --load
 * given as data makes the job's one maze, so another --load (or --job) is
 * refused. Returns MAZE_OK, MAZE_ERR_INVALID (unknown name, an option
 * that is not mask or load, data over that input's bound: --mask 64 MiB,
 * --load half the memory --max-memory or the system allows; the detail
 * names the option), MAZE_ERR_NOMEM. Like maze_job_set(), not after
 * maze_job_check().
 */
int maze_job_set_data(struct maze_job *job, const char *name, const void *data,
                      size_t len, const char *label);

/*
 * Checks the options together, before any work: what goes with what,
 * sizes against the grid kind, the mask and start and finish read and
 * placed, the output format from the file's extension, the paper from
 * the environment (maze_paper_default()), a sheet's language from the
 * locale's variables as gettext reads them (LANGUAGE, LC_ALL,
 * LC_MESSAGES, LANG; C and POSIX: English), pictures, pages and walls that
 * fit, and the seed drawn when none was given. Returns MAZE_OK, or
 * MAZE_ERR_INVALID with maze_error_detail() the command's one-line
 * message, or MAZE_ERR_NOMEM. Files are read here (--mask), never
 * written; after a failure the job may only be destroyed.
 */
int maze_job_check(struct maze_job *job);

/*
 * An option's value: as set, or once the job is checked as resolved
 * (the format from the file name, width and height of a fractal, the
 * seed drawn, a sheet's paper and language code). Returns true and fills *value
 * when the option has a value, false for an option neither set nor defaulted
 * (value untouched). value->text points into the job, valid until it is
 * destroyed.
 */
bool maze_job_get(const struct maze_job *job, enum maze_option_id id,
                  struct maze_option_value *value);

/* Whether the option was set (not only defaulted). */
bool maze_job_given(const struct maze_job *job, enum maze_option_id id);

/* What a program hears while a job makes and writes its mazes; every
 * member may be 0 or NULL. */
struct maze_job_hooks {
    /* sizeof(struct maze_job_hooks). */
    size_t struct_size;
    /* Progress and cancelling of each long phase (progress.h). */
    const struct maze_progress *progress;
    /* Told each phase's name as it starts ("generating", "solving",
     * "measuring", "writing FILE"). */
    void (*phase)(void *ctx, const char *phase);
    /* Told each line a person may want to read (the seed a --difficulty
     * kept, each puzzle's seed with --verbose): one line of UTF-8 without
     * its newline. */
    void (*note)(void *ctx, const char *line);
    /* Each maze once made, with its solution when one is needed
     * (otherwise NULL), and its number in the book (0 for a lone maze);
     * returning non-zero stops the job with that status. */
    int (*made)(void *ctx, const struct maze *maze,
                const struct maze_path *solution, unsigned number);
    /* Told every step of a lone maze's carve (--watch draws them). */
    const struct maze_steps *steps;
    void *ctx;
};

/*
 * Makes the checked job's mazes: generated, or read from --load, shaped,
 * their ends placed, solved and measured as the options ask; a book's
 * puzzles each from its own derived seed. hooks may be NULL. Returns
 * MAZE_OK, or a failure status with maze_error_detail() saying why
 * (MAZE_ERR_INVALID for a request the mazes turn out not to fit, such as
 * a loaded maze that does not fit the page, or a --difficulty no seed
 * reaches).
 */
int maze_job_make(struct maze_job *job, const struct maze_job_hooks *hooks);

/* The outputs of a checked job: 0 none (-t none), 1 (the maze or book),
 * or 2 (and the answer key). */
unsigned maze_job_output_count(const struct maze_job *job);

/* How many pages output 0 of a made sheet job has as a PDF (the book a
 * --page is one page of): for a program showing "page 3 of 7". 0 for a
 * job that is not a sheet, not yet made, or whose sheet does not plan. */
size_t maze_job_page_count(struct maze_job *job);

/* Where output `which` goes: its path, or NULL for standard output. */
const char *maze_job_output_path(const struct maze_job *job, unsigned which);

/*
 * Writes output `which` (0: the maze or book; 1: the answer key) of a
 * job whose mazes are made, to sink. A streamed job (--stream) is carved
 * as it is written: it needs no maze_job_make(). Returns MAZE_OK,
 * MAZE_ERR_IO when the sink failed, or another status with
 * maze_error_detail() the message (a sheet that does not fit its paper).
 */
int maze_job_write(struct maze_job *job, unsigned which,
                   const struct maze_sink *sink,
                   const struct maze_job_hooks *hooks);

/*
 * The made maze `index` of the job (0 to the book's puzzles - 1), its
 * solution (NULL when none is needed) and its number in the book (0 for a
 * lone maze). NULL past the last or before maze_job_make().
 */
const struct maze *maze_job_maze(const struct maze_job *job, size_t index,
                                 const struct maze_path **solution,
                                 unsigned *number);

/*
 * Takes made maze `index` (as maze_job_maze() numbers them) out of the
 * job: *grid and *maze become the caller's, to free with maze_destroy()
 * and maze_grid_destroy() (the maze first); its solution stays the job's.
 * The job no longer holds that maze: maze_job_maze() gives NULL for it
 * and the job's outputs may no longer be written, only destroyed. A
 * program that wants a maze made as the command makes it (Python's
 * Maze.generate()) takes it this way. Returns MAZE_OK, or
 * MAZE_ERR_INVALID (nothing changed) before maze_job_make(), for an index
 * past the last or taken already, or for a book of --job entries (their
 * own jobs hold those mazes).
 */
int maze_job_take(struct maze_job *job, size_t index, struct maze_grid **grid,
                  struct maze **maze);

/*
 * Checks drawing maze in format with opt before any drawing, as
 * maze_job_check() checks a job's own maze: today a PNG's cells against
 * its walls and its image against the largest mazegen writes (2^31
 * pixels a side, 2^40 in all). For a program that draws a maze it holds
 * (Python's Maze.to_bytes()) and must refuse what the command refuses.
 * Returns MAZE_OK, or MAZE_ERR_INVALID with maze_error_detail() the
 * command's one-line message (naming -c/--cell-size and the size that
 * fits), for a request maze_export() would take too long or too much
 * memory to refuse.
 */
int maze_job_check_export(const struct maze *maze, const char *format,
                          const struct maze_export_options *opt);

/*
 * The --difficulty levels, by index from 0 (NULL past the last): a
 * level's name ("easy") and what it makes, for menus and help.
 */
const char *maze_difficulty_name(size_t index);
const char *maze_difficulty_description(size_t index);

/*
 * --frames: how many PNG frames of the carve the made job has (0 when it
 * records none), and frame `index` drawn to sink: the carve's steps from
 * all walls to the maze, and with --solution one more with it. The
 * program names and writes the files (mazegen writes all or none).
 * Returns MAZE_OK, MAZE_ERR_INVALID for an index past the last, or the
 * export's failure.
 */
uint64_t maze_job_frame_count(const struct maze_job *job);
int maze_job_write_frame(struct maze_job *job, uint64_t index,
                         const struct maze_sink *sink);

#ifdef __cplusplus
}
#endif

#endif
