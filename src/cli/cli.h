/* SPDX-License-Identifier: MIT */
/*
 * The bottom of the command line: the options struct every part of
 * mazegen reads, the usage error every part prints, and the small facts
 * derived from the options alone. It includes nothing else of src/cli, so
 * every other file can depend on it and the files form a one-way graph
 * (main, then option parsing, then checks, sheets, load, stream, output
 * and progress, then this).
 */
#ifndef MAZEGEN_CLI_CLI_H
#define MAZEGEN_CLI_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include <mazegen/mazegen.h>

/* Largest width or height accepted on the command line. */
#define CLI_MAX_SIDE 1000000u
/* The deepest --fractal (2^31 cells wide at -W 2 would be past any
 * limit anyway). */
#define CLI_MAX_FRACTAL 31u

/* A cell as typed: its numbers (x,y; x,y,level; ring,position). */
struct cli_point {
    bool set;
    const char *text;
    uint32_t v[MAZE_MAX_COORDS];
    unsigned count;
};

/* A length as typed; a bare number takes the format's unit (px or pt). */
struct cli_length {
    struct maze_length len;
    bool bare;
};

enum cli_stats {
    CLI_STATS_NONE = 0,
    CLI_STATS_TEXT, /* to standard error */
    CLI_STATS_JSON, /* to standard output */
};

struct cli_difficulty;

/* The pseudo-format that generates (and measures) but writes no maze. */
#define CLI_FORMAT_NONE "none"

/* Puzzle sheets: how mazes go on paper (see cli/sheets.h). */
struct cli_sheet {
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
    unsigned per_page;
    const char *title, *instructions, *author;
    /* A binding margin and a print shop's bleed (PDF books). */
    struct cli_length gutter, bleed;
    /* --bleed LEN,all (every side) and ,marks (crop marks). */
    bool bleed_all, crop_marks;
    bool ink_saving;
    bool name_line;
    enum maze_answers answers;
    bool answers_set;
    bool upside_down;
};

/* Watching the carve: live in a terminal, or kept (see cli/watch.h). */
struct cli_watch {
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

struct cli_options {
    /* The grid: its kind (--grid, rect by default), size, and the mask
     * of --mask (read and checked with the options; see cli/grid.h). */
    const struct maze_grid_kind *kind;
    uint32_t width, height;
    bool width_set, height_set;
    /* --centre: a circle's centre room radius in rings; 0 the default. */
    uint32_t centre;
    /* -L/--levels: a 3D maze's levels; 0 the default. */
    uint32_t levels;
    const char *mask_path;
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
    struct cli_length cell_size, wall_width, margin;
    unsigned dpi;
    enum maze_charset charset;
    /* --blocks: a block map's characters (NULL: the library's). */
    const char *blocks;
    /* -i/--interactive: ask for sizes and print mazes until told to stop
     * (cli/interactive.h). */
    bool interactive;
    /* --play: solve the maze with the keyboard (cli/play.h). */
    bool play;
    struct cli_sheet sheet;
    struct cli_point start, finish;
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
     * the -W, -H given (cli_check_fractal()).
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
    enum cli_stats stats;
    /* A wall-graph file to render instead of generating ("-": stdin). */
    const char *load;
    const struct cli_difficulty *difficulty; /* NULL: none */
    /* Scale: carve and write row by row (asked for, or needed by the
     * size; see cli/stream.h), and the memory a run may use (0: what the
     * system has available; see cli/estimate.h). */
    bool stream;
    uint64_t max_memory;
    /* -j/--threads: the threads deflating a PNG (1 to CLI_MAX_THREADS;
     * unset, the cores available). The bytes are the same whatever it is. */
    unsigned threads;
    /* SVG: --id-prefix, --background, --plotter (svg only), and whether
     * any of them was given. */
    struct maze_svg_options svg;
    const char *svg_why;
    struct cli_watch watch;
};

/* The most -j/--threads takes (the library uses no more). */
#define CLI_MAX_THREADS 256

/* The cores this process may run on, from 1 to CLI_MAX_THREADS: -j's
 * default. */
unsigned cli_available_cores(void);

/* Exit statuses: 0 success, 1 runtime failure, 2 bad usage. */
enum { CLI_STATUS_RUNTIME = 1, CLI_STATUS_USAGE = 2 };

/*
 * The export options opt asks for: a bare length (no unit) is in the
 * format's unit, pixels for png and points otherwise.
 */
struct maze_export_options cli_export_options(const struct cli_options *opt);

/* Whether the mazes need their solutions: one drawn, a key file, or a
 * sheet's answers. */
bool cli_needs_solution(const struct cli_options *opt);

/* How the maze's ends are chosen: the --openings policy, or corners
 * (no search) when both ends are given or nothing is drawn or measured. */
enum maze_endpoints cli_endpoints(const struct cli_options *opt);

/* How many mazes the run makes and holds at once: the puzzles of a book
 * (one with --puzzle), else one. */
uint32_t cli_maze_count(const struct cli_options *opt);

/*
 * The algorithm the run carves with: -a, else the library's default (the
 * algorithm maze_generate() uses when given no name).
 */
const char *cli_algorithm(const struct cli_options *opt);

/* Prints a usage error: "mazegen: " + message, and a hint to --help. */
void cli_usage_error(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

#endif
