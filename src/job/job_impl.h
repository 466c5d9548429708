/* SPDX-License-Identifier: MIT */
/*
 * The bottom of the job (<mazegen/job.h>): the struct every part of it
 * reads, the usage error every check records, and the small facts derived
 * from the options alone. It includes nothing else of src/job, so every
 * other file can depend on it and the files form a one-way graph (job.c,
 * then set.c and run.c, then checks, sheets, load, stream and estimate,
 * then this).
 */
#ifndef MAZE_JOB_CLI_H
#define MAZE_JOB_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include <mazegen/mazegen.h>
#include <mazegen/job.h>

/* Largest width or height accepted (the option table's). */
#define JOB_MAX_SIDE MAZE_OPTION_MAX_SIDE
/* The deepest --fractal (2^31 cells wide at -W 2 would be past any
 * limit anyway). */
#define JOB_MAX_FRACTAL 31u

/* A cell as typed: its numbers (x,y; x,y,level; ring,position). */
struct maze__job_point {
    bool set;
    const char *text;
    uint32_t v[MAZE_MAX_COORDS];
    unsigned count;
};

/* A length as typed; a bare number takes the format's unit (px or pt). */
struct maze__job_length {
    struct maze_length len;
    bool bare;
};

enum maze__job_stats {
    JOB_STATS_NONE = 0,
    JOB_STATS_TEXT, /* to standard error */
    JOB_STATS_JSON, /* to standard output */
};

struct maze__job_difficulty;

/* An input given as bytes (maze_job_set_data()) rather than a path: the
 * job's copy (never NULL once set, even for no bytes) and its length. */
struct maze__job_data {
    char *bytes;
    size_t len;
};

/* The pseudo-format that generates (and measures) but writes no maze. */
#define JOB_FORMAT_NONE MAZE_FORMAT_NONE

/* Puzzle sheets: how mazes go on paper (see job/sheets.h). */
struct maze__job_sheet {
    /* Whether mazes are laid out on paper, and the option that asked. */
    bool on;
    const char *why;
    /* Portrait paper in points, 0 x 0 for letter, and its name as typed. */
    double paper_w, paper_h;
    const char *paper;
    bool landscape;
    /* Puzzles in the book (numbered, seeds derived, when count_set). */
    uint32_t count;
    bool count_set;
    /* Only this puzzle of the book, or 0 for all. */
    uint32_t puzzle;
    /* --page: only this page (from 1) of the book's PDF, drawn as png or
     * svg; 0 for the whole document. */
    uint32_t page;
    unsigned per_page;
    const char *title, *instructions, *author;
    /* A binding margin and a print shop's bleed (PDF books). */
    struct maze__job_length gutter, bleed;
    /* --bleed LEN,all (every side) and ,marks (crop marks). */
    bool bleed_all, crop_marks;
    bool ink_saving;
    bool name_line;
    enum maze_answers answers;
    bool answers_set;
    bool upside_down;
    /* --lang as given (NULL: the locale's, or English for a job that
     * reads no files), resolved by the checks to a catalogue's code. */
    const char *lang;
    /* --min-passage: the narrowest passage a puzzle prints with (set: as
     * given, MAZE_LENGTH_NONE for none; else the row's default). */
    struct maze__job_length min_passage;
    bool min_passage_set;
    /* --label KEY=TEXT, each word's text or NULL, and --footer. */
    const char *labels[MAZE_WORD_COUNT_];
    struct maze_sheet_label label_list[MAZE_WORD_COUNT_];
    size_t label_count;
    enum maze_sheet_footer footer;
};

/* Watching the carve: live in a terminal, or kept (see job/watch.h). */
struct maze__job_watch {
    bool on; /* --watch */
    /* --delay: milliseconds between steps drawn (each step of --watch,
     * each group of steps of --animate). */
    uint32_t delay_ms;
    bool delay_set;
    bool animate;       /* --animate */
    const char *frames; /* --frames DIR, or NULL */
    /* --frame-every N: passages changed between frames; 0 chosen. */
    uint32_t frame_every;
    /* The option that asked to record the carve, for messages; NULL when
     * nothing records it. */
    const char *why;
};

/* One maze of a book made of entries: its options by name, as text
 * (NULL for a flag). */
struct maze__job_entry {
    const char **names;
    const char **texts;
    size_t count;
};

struct maze_job {
    /* The grid: its kind (--grid, rect by default), size, and the mask
     * of --mask (read and checked with the options; see job/grid.h). */
    const struct maze_grid_kind *kind;
    uint32_t width, height;
    bool width_set, height_set;
    /* --centre: a circle's centre room radius in rings; 0 the default. */
    uint32_t centre;
    /* -L/--levels: a 3D maze's levels; 0 the default. */
    uint32_t levels;
    /* A size option's text that is not a whole number in its row's range,
     * by enum maze_grid_size: refused once every option is set and the
     * kind, whose own limits the message names, is known (job/grid.c). */
    const char *size_refused[MAZE_SIZE_COUNT];
    /* --mask: the path, or the label of mask_data when that is set. */
    const char *mask_path;
    struct maze__job_data mask_data;
    bool mask_invert;
    struct maze_mask *mask;
    const char *algorithm;
    /* -b as typed, and its weights once read against the kind. */
    const char *bias_text;
    struct maze_bias bias;
    bool bias_set;
    uint64_t seed;
    bool seed_set;
    const char *output;     /* NULL: standard output */
    const char *format;     /* resolved format name */
    const char *answer_key; /* NULL: none */
    struct maze__job_length cell_size, wall_width, margin;
    unsigned dpi;
    enum maze_charset charset;
    /* --blocks: a block map's characters (NULL: the library's). */
    const char *blocks;
    /* -i/--interactive: ask for sizes and print mazes until told to stop
     * (the program's; job/console.h checks it). */
    bool interactive;
    /* --play: solve the maze with the keyboard (the program's; job/console.h
     * checks it). */
    bool play;
    struct maze__job_sheet sheet;
    struct maze__job_point start, finish;
    /* Where start and finish go (--openings); longest by default. */
    enum maze_endpoints openings;
    bool openings_set;
    bool solution;
    /* --force: write any format to a terminal. */
    bool force;
    bool verbose;
    bool quiet;
    /* Catalogue options. */
    struct maze_growing growing;
    bool growing_set;
    uint32_t rooms;
    bool rooms_set;
    uint32_t braid; /* in MAZE_FRACTION_ONE units */
    bool braid_set;
    bool unicursal;
    /*
     * --fractal K: levels of a nested maze (1: an ordinary one). Once
     * checked, width and height are X^K and Y^K and fractal_x, fractal_y
     * the -W, -H given (maze__job_check_fractal()).
     */
    uint32_t fractal;
    uint32_t fractal_x, fractal_y;
    bool fractal_set;
    /* --weave[=P]: weave grid, taking P percent of the chances to tunnel
     * (0: the library's default). */
    uint32_t weave;
    bool weave_set;
    /* --panels N: a 3D maze's levels drawn N a row (0: chosen; a sheet
     * chooses what fits its page best). */
    uint32_t panels;
    enum maze__job_stats stats;
    /* A wall-graph file to render instead of generating ("-": stdin), or
     * the label of load_data when that is set. */
    const char *load;
    struct maze__job_data load_data;
    const struct maze__job_difficulty *difficulty; /* NULL: none */
    /* Scale: carve and write row by row (asked for, or needed by the
     * size; see job/stream.h), and the memory a run may use (0: what the
     * system has available; see job/estimate.h). */
    bool stream;
    uint64_t max_memory;
    /* -j/--threads: the threads deflating a PNG (1 to JOB_MAX_THREADS;
     * unset, the cores available). The bytes are the same whatever it is. */
    unsigned threads;
    /* SVG: --id-prefix, --background, --plotter (svg only), and whether
     * any of them was given. */
    struct maze_svg_options svg;
    const char *svg_why;
    struct maze__job_watch watch;
    /* Program options the library only records (help, version, force,
     * verbose, quiet): which were given, by option id. */
    bool given[MAZE_OPT_COUNT_];
    /* The text each option was last set from (kept), or NULL. */
    const char *text[MAZE_OPT_COUNT_];
    /* Copies of every text set, freed with the job. */
    char **texts;
    size_t text_count;
    /* Checked (maze_job_check() passed), and the seed drawn. */
    bool checked;
    /* maze_job_no_files(): no path is looked at, read or written. */
    bool no_files;
    /* The mazes made (maze_job_make()): one, or a book's puzzles. */
    struct maze__job_made *made;
    size_t made_count;
    /* A maze was taken out (maze_job_take()): nothing may be written. */
    bool taken;
    /* The book's puzzles: the mazes made, or every entry's in order. */
    struct maze_puzzle *puzzles;
    size_t puzzle_count;
    /* A book of mazes with options of their own (--job, --load more than
     * once): each entry's options, and once checked a job for each. */
    struct maze__job_entry *entries;
    size_t entry_count;
    /* A job file's "options": the book's own, set once it is read. */
    struct maze__job_entry book;
    struct maze_job **children;
    /* The carve recorded for --animate and --frames. */
    struct maze_timeline *timeline;
    /* The grid and maze --load read, until the run takes them. */
    struct maze_grid *loaded_grid;
    struct maze *loaded_maze;
    /* The hooks of the run under way (never NULL while it runs). */
    const struct maze_job_hooks *hooks;
};

/* A maze being made: its grid, the maze, its solution if asked, and its
 * number in the book (0 for a lone maze). */
struct maze__job_made {
    struct maze_grid *grid;
    struct maze *maze;
    struct maze_path *path;
    unsigned number;
};

/* The most -j/--threads takes (the library uses no more). */
#define JOB_MAX_THREADS MAZE_OPTION_MAX_THREADS

/* The cores this process may run on, from 1 to JOB_MAX_THREADS: -j's
 * default. */
unsigned maze__job_available_cores(void);

/* What the checks return: the usage error recorded (MAZE_ERR_INVALID), or
 * a failure of the run. */
enum { JOB_STATUS_RUNTIME = MAZE_ERR_IO, JOB_STATUS_USAGE = MAZE_ERR_INVALID };

/*
 * The export options opt asks for: a bare length (no unit) is in the
 * format's unit, pixels for png and points otherwise.
 */
struct maze_export_options maze__job_export_options(const struct maze_job *opt);

/* Whether the mazes need their solutions: one drawn, a key file, or a
 * sheet's answers. */
bool maze__job_needs_solution(const struct maze_job *opt);

/* How the maze's ends are chosen: the --openings policy, or corners
 * (no search) when both ends are given or nothing is drawn or measured. */
enum maze_endpoints maze__job_endpoints(const struct maze_job *opt);

/* How many mazes the run makes and holds at once: the puzzles of a book
 * (one with --puzzle), else one. */
uint32_t maze__job_maze_count(const struct maze_job *opt);

/*
 * The algorithm the run carves with: -a, else the library's default (the
 * algorithm maze_generate() uses when given no name).
 */
const char *maze__job_algorithm(const struct maze_job *opt);

/* Records a usage error (the request cannot be done as asked): the
 * message, without "mazegen: ", becomes maze_error_detail(). */
void maze__job_usage_error(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

/* Records a failure of the run as the detail and returns status. */
int maze__job_fail(int status, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The status of the failure last recorded by the two above on this
 * thread (MAZE_ERR_INVALID for a usage error): what a check that returned
 * false failed with. */
int maze__job_last_status(void);

/* How many failures the two above recorded on this thread so far: a run
 * compares it before and after a step to tell its own message from a
 * status it must still describe. */
unsigned long maze__job_recorded(void);

/* A phase starts (the hooks' phase), and a line for the user (note). */
void maze__job_phase(const struct maze_job *job, const char *phase);
void maze__job_note(const struct maze_job *job, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* The progress hook of the run under way, or NULL. */
const struct maze_progress *maze__job_progress(const struct maze_job *job);

/* A copy of text the job keeps until it is destroyed; NULL when memory
 * ran out. */
const char *maze__job_keep(struct maze_job *job, const char *text);

/* Appends an option to entry `index` of the job, making the entries up
 * to it (SIZE_MAX: to the book's own options); false when memory ran out
 * (common.c). */
bool maze__job_entry_add(struct maze_job *job, size_t index, const char *name,
                         const char *text);

/* Whether the job is a book of entries, each a job of its own. */
bool maze__job_has_children(const struct maze_job *job);

/* Option id is set from a path (set.c): contents given for it before as
 * data are dropped (--mask), or the path refused (--load, whose data make
 * the job's one maze); false after a usage error (data.c). */
bool maze__job_data_replace(struct maze_job *job, enum maze_option_id id);

/* Frees what maze_job_make() made (run.c). */
void maze__job_made_free(struct maze_job *job);

/* What option o, read as v, does to the job (set.c); false after a usage
 * error. */
bool maze__job_set_one(struct maze_job *job, const struct maze_option *o,
                       const struct maze_option_value *v);

#endif
