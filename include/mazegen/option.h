/* SPDX-License-Identifier: MIT */
/*
 * Options as data: every option a request to mazegen can carry, one row
 * each, with its name, type, range or choices, default and help. The
 * command builds its getopt table, --help, manual check and shell
 * completions from these rows, and the Python module checks its keyword
 * arguments against them, so every client accepts and refuses the same
 * values with the same messages (the model of FFmpeg's option tables and
 * libvips' introspected arguments).
 *
 * A row says what an option is; what it does is its client's (the
 * command) or the library's (through the structs it fills). The rows are
 * static and never change at run time.
 */
#ifndef MAZEGEN_OPTION_H
#define MAZEGEN_OPTION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <mazegen/export.h>
#include <mazegen/grid.h>
#include <mazegen/status.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The limits the rows state, for a program's own messages. */
/* The largest width or height a request takes. */
#define MAZE_OPTION_MAX_SIDE 1000000u
/* The most puzzles in a book (--count, --puzzle). */
#define MAZE_OPTION_MAX_PUZZLES 10000u
/* The most threads deflating a PNG (-j). */
#define MAZE_OPTION_MAX_THREADS 256u
/* The longest pause between watched steps, in milliseconds. */
#define MAZE_OPTION_MAX_DELAY 60000u
/* The most frames of --frames. */
#define MAZE_OPTION_MAX_FRAMES 10000u
/* The most pages a book has (--page): MAZE_OPTION_MAX_PUZZLES puzzles
 * one a page, and an answer section of at least one key a page. */
#define MAZE_OPTION_MAX_PAGES (2 * MAZE_OPTION_MAX_PUZZLES)
/* The most bytes of a sheet's title or author, and of its instructions. */
#define MAZE_OPTION_MAX_TITLE 200u
#define MAZE_OPTION_MAX_INSTRUCTIONS 1000u

/* The -t/--format word that generates (and measures) but writes no maze:
 * not a format of the registry, one more choice of the format row. */
#define MAZE_FORMAT_NONE "none"

/* Every option, in --help's order. Values only grow: a new option is added
 * at the end of its group's run and the numbers after it move, so a client
 * names an option by MAZE_OPT_* at build time, never by number. */
enum maze_option_id {
    MAZE_OPT_GRID,
    MAZE_OPT_WIDTH,
    MAZE_OPT_HEIGHT,
    MAZE_OPT_MASK,
    MAZE_OPT_MASK_INVERT,
    MAZE_OPT_LEVELS,
    MAZE_OPT_PANELS,
    MAZE_OPT_CENTRE,
    MAZE_OPT_ALGORITHM,
    MAZE_OPT_BIAS,
    MAZE_OPT_SEED,
    MAZE_OPT_GROWING,
    MAZE_OPT_ROOMS,
    MAZE_OPT_BRAID,
    MAZE_OPT_FRACTAL,
    MAZE_OPT_WEAVE,
    MAZE_OPT_UNICURSAL,
    MAZE_OPT_DIFFICULTY,
    MAZE_OPT_START,
    MAZE_OPT_FINISH,
    MAZE_OPT_OPENINGS,
    MAZE_OPT_OUTPUT,
    MAZE_OPT_FORMAT,
    MAZE_OPT_FORCE,
    MAZE_OPT_SOLUTION,
    MAZE_OPT_ANSWER_KEY,
    MAZE_OPT_LOAD,
    MAZE_OPT_JOB,
    MAZE_OPT_STATS,
    MAZE_OPT_CELL_SIZE,
    MAZE_OPT_WALL_WIDTH,
    MAZE_OPT_MARGIN,
    MAZE_OPT_DPI,
    MAZE_OPT_CHARSET,
    MAZE_OPT_BLOCKS,
    MAZE_OPT_INTERACTIVE,
    MAZE_OPT_PLAY,
    MAZE_OPT_ID_PREFIX,
    MAZE_OPT_BACKGROUND,
    MAZE_OPT_PLOTTER,
    MAZE_OPT_SHEET,
    MAZE_OPT_PAPER,
    MAZE_OPT_ORIENTATION,
    MAZE_OPT_COUNT,
    MAZE_OPT_PER_PAGE,
    MAZE_OPT_PUZZLE,
    MAZE_OPT_TITLE,
    MAZE_OPT_INSTRUCTIONS,
    MAZE_OPT_AUTHOR,
    MAZE_OPT_GUTTER,
    MAZE_OPT_BLEED,
    MAZE_OPT_INK_SAVING,
    MAZE_OPT_NAME_LINE,
    MAZE_OPT_ANSWERS,
    MAZE_OPT_UPSIDE_DOWN,
    MAZE_OPT_STREAM,
    MAZE_OPT_MAX_MEMORY,
    MAZE_OPT_THREADS,
    MAZE_OPT_VERBOSE,
    MAZE_OPT_QUIET,
    MAZE_OPT_HELP,
    MAZE_OPT_VERSION,
    MAZE_OPT_WATCH,
    MAZE_OPT_DELAY,
    MAZE_OPT_ANIMATE,
    MAZE_OPT_FRAMES,
    MAZE_OPT_FRAME_EVERY,
    MAZE_OPT_COMPLETIONS,
    /* Ids added later go here, after the others, so that no id changes. */
    MAZE_OPT_PAGE,
    MAZE_OPT_LANG,
    MAZE_OPT_LABEL,
    MAZE_OPT_FOOTER,
    MAZE_OPT_MIN_PASSAGE,
    MAZE_OPT_COUNT_
};

/* What an option's value is, and how its text is read. */
enum maze_option_type {
    /* No value: given or not. */
    MAZE_OPTION_FLAG,
    /* A whole decimal from min to max, no sign, no spaces. */
    MAZE_OPTION_NUMBER,
    /* A decimal from 0 to 1 with at most six decimals, read exactly (in
     * millionths, MAZE_FRACTION_ONE). */
    MAZE_OPTION_FRACTION,
    /* A length with a unit (px, pt, mm, cm, in), e.g. 12pt; a bare number
     * is in the output format's unit. */
    MAZE_OPTION_LENGTH,
    /* A size in bytes, whole or with K, M, G or T (powers of 1024). */
    MAZE_OPTION_BYTES,
    /* One of the row's choices, or of the registry it names. */
    MAZE_OPTION_CHOICE,
    /* A cell: its 0-based numbers joined by commas (x,y; x,y,level). */
    MAZE_OPTION_CELL,
    /* Text: a title, a list of weights, a policy. At most max bytes of
     * UTF-8 when max is not 0. */
    MAZE_OPTION_TEXT,
    /* A file to read ('-' standard input). */
    MAZE_OPTION_INPUT,
    /* A file to write ('-' standard output). */
    MAZE_OPTION_OUTPUT,
    /* An existing directory to write files into. */
    MAZE_OPTION_DIRECTORY,
};

/* Where a MAZE_OPTION_CHOICE row's choices come from, when not from its
 * own list. */
enum maze_option_registry {
    MAZE_REGISTRY_NONE,
    MAZE_REGISTRY_ALGORITHM,  /* maze_algorithm_at() */
    MAZE_REGISTRY_GRID,       /* maze_grid_kind_at(), names and aliases */
    MAZE_REGISTRY_FORMAT,     /* maze_format_at(), extensions, and none */
    MAZE_REGISTRY_PAPER,      /* maze_paper_names(), or WxH with a unit */
    MAZE_REGISTRY_DIFFICULTY, /* the difficulty levels, or targets */
};

/* How an option's default is found when it is not given. */
enum maze_option_default {
    /* The row's default_value (NULL: the option is simply off). */
    MAZE_DEFAULT_FIXED,
    /* From the output format: its unit, cell size and resolution. */
    MAZE_DEFAULT_FORMAT,
    /* From the environment: the paper of maze_paper_default(), the
     * language of the locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG). */
    MAZE_DEFAULT_ENVIRONMENT,
    /* Drawn at random, and stamped into the output. */
    MAZE_DEFAULT_RANDOM,
    /* The processor cores this process may use. */
    MAZE_DEFAULT_CORES,
    /* From the other options (the grid kind, the sheet, the terminal);
     * the help paragraph says how. */
    MAZE_DEFAULT_DERIVED,
};

/* The groups of --help, in its order. */
enum maze_option_group {
    MAZE_GROUP_MAZE,
    MAZE_GROUP_OUTPUT,
    MAZE_GROUP_CONSOLE,
    MAZE_GROUP_SVG,
    MAZE_GROUP_SHEET,
    MAZE_GROUP_LARGE,
    MAZE_GROUP_OTHER,
    MAZE_GROUP_WATCH,
    MAZE_GROUP_COUNT_
};

/* The value may be left out (--stats, --weave): the option alone takes
 * its default. */
#define MAZE_OPTION_VALUE_OPTIONAL 0x1u
/* Left out of --help and the manual. */
#define MAZE_OPTION_HIDDEN 0x2u
/* A program's own option (help, version, the terminal modes, what is
 * printed): the row describes it for every client, the program acts on
 * it; a library request has no use for it. */
#define MAZE_OPTION_PROGRAM 0x4u
/* "list" is also accepted: the program prints the registry's names. */
#define MAZE_OPTION_LISTS 0x8u
/* MAZE_OPTION_LENGTH: 0 is accepted too (no margin). */
#define MAZE_OPTION_ZERO 0x10u
/* MAZE_OPTION_TEXT: newlines are allowed. */
#define MAZE_OPTION_LINES 0x20u

/* What --bleed's ,all and ,marks set in maze_option_value.number: the
 * bleed on every side, not the outer edges of a bound page; crop marks. */
#define MAZE_OPTION_BLEED_ALL 0x1u
#define MAZE_OPTION_BLEED_MARKS 0x2u

/* One option. */
struct maze_option {
    enum maze_option_id id;
    /* The long name, without its dashes ("cell-size"). */
    const char *name;
    /* Another long name for it ("center"), or NULL. */
    const char *alias;
    /* The short option letter, or 0. */
    char letter;
    enum maze_option_type type;
    enum maze_option_group group;
    /* MAZE_OPTION_* flags above. */
    unsigned flags;
    /* The value's placeholder in the help ("N", "FILE"); NULL for a
     * flag. */
    const char *metavar;
    /* MAZE_OPTION_NUMBER: the range, inclusive. MAZE_OPTION_TEXT: max is
     * the most bytes (0: any). */
    uint64_t min, max;
    /* MAZE_OPTION_CHOICE: the accepted words, NULL-terminated, or NULL
     * when they come from `registry`. */
    const char *const *choices;
    enum maze_option_registry registry;
    enum maze_option_default default_rule;
    /* The default as its text would be given ("20"), or NULL: off, or
     * found by default_rule. */
    const char *default_value;
    /* A few words ("width in cells"), for menus and completions. */
    const char *summary;
    /* The help paragraph, one line of words; maze_option_describe() fills
     * in what it leaves to the registries and limits. */
    const char *help;
};

/* How many options there are (MAZE_OPT_COUNT_). */
size_t maze_option_count(void);

/* The option at index (index == its id), or NULL past the end. */
const struct maze_option *maze_option_at(size_t index);

/*
 * The option named name: its long name or alias, without dashes ("seed"),
 * or its letter as a one-character string ("s"). NULL when none is.
 */
const struct maze_option *maze_option_find(const char *name);

/*
 * How a message names the option: "-W/--width", or "--margin" for an
 * option without a letter. Static storage, never NULL for a row of the
 * table.
 */
const char *maze_option_label(const struct maze_option *option);

/*
 * The option's help paragraph into buf (at most size bytes, always
 * terminated): the row's help with its placeholders filled in from the
 * registries and limits ({min}, {max}, {default}, {max-cells},
 * {streaming} for the algorithms that stream). Returns the length the
 * whole paragraph needs, as snprintf does.
 */
size_t maze_option_describe(const struct maze_option *option, char *buf,
                            size_t size);

/* A group's heading in --help ("Maze", "Sheets (printable pages; ...)"),
 * and its closing note or NULL. */
const char *maze_option_group_title(enum maze_option_group group);
const char *maze_option_group_note(enum maze_option_group group);

/* A value read from an option's text. */
struct maze_option_value {
    /* NUMBER, BYTES: the number; FRACTION: in millionths; CHOICE from
     * the row's own choices: the index of the word; --bleed: its
     * MAZE_OPTION_BLEED_* words. */
    uint64_t number;
    /* LENGTH: the length, and whether it was a bare number (in the
     * format's unit, px for png and pt otherwise). A margin of 0 is
     * MAZE_LENGTH_NONE. */
    struct maze_length length;
    bool bare;
    /* CELL: its numbers. */
    uint32_t cell[MAZE_MAX_COORDS];
    unsigned cell_count;
    /* Every type: the text read (not copied); for CHOICE from a registry,
     * the registry's own name for it (an extension or alias resolved).
     * NULL for a flag, or an optional value left out. */
    const char *text;
};

/*
 * Reads text as the value of option, exactly as the command reads it:
 * a number must use its whole text, decimals never go through the locale,
 * a choice must be one of its words (a registry's names, aliases and, for
 * formats, extensions and "none"). text is NULL only for a flag or an
 * optional value left out. "list", for an option that lists, is an error
 * here: the program prints the list itself.
 *
 * Returns MAZE_OK and fills *out, or MAZE_ERR_INVALID with
 * maze_error_detail() the command's message: the option, the text and
 * what is accepted ("-W/--width: '0' is not valid; expected a whole
 * number from 1 to 1000000").
 */
int maze_option_parse(const struct maze_option *option, const char *text,
                      struct maze_option_value *out);

/*
 * The paper a sheet is printed on when no paper is named, found as
 * libpaper finds it: the PAPERSIZE environment variable, else the first
 * word of the file PAPERCONF names (/etc/papersize when it is unset;
 * '#' starts a comment), else letter. Sets *width and *height in points
 * (portrait), and copies the name found into name (size bytes, always
 * terminated; "letter" when nothing names one) unless name is NULL.
 *
 * Returns MAZE_OK, or MAZE_ERR_INVALID when the name found is not a paper
 * maze_paper_parse() reads: maze_error_detail() then says where it came
 * from ("PAPERSIZE (the environment): 'foo' is not valid; expected ...").
 * Every client uses this, so the same request gives the same bytes from
 * the command, the Python module and a web page on one machine.
 */
int maze_paper_default(double *width, double *height, char *name, size_t size);

/* The accepted paper names and sizes, for messages: "letter, a4, ...
 * (any case), or WxH with a unit ...". Static storage. */
const char *maze_paper_accepted(void);

#ifdef __cplusplus
}
#endif

#endif
