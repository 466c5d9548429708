/* SPDX-License-Identifier: MIT */
/*
 * The option table: every option mazegen takes, once. getopt_long's table
 * and short-option string, the shell completions and the help's check
 * against the manual all come from it, so an option added here is parsed,
 * completed and checked everywhere at once.
 */
#ifndef MAZEGEN_CLI_OPTABLE_H
#define MAZEGEN_CLI_OPTABLE_H

#include <stdbool.h>
#include <stddef.h>

#include "cli/sheets.h"

/* Codes getopt_long returns for options without a short form (the sheet
 * options have theirs in sheets.h). */
enum cli_long_only {
    OPT_WALL_WIDTH = 256,
    OPT_MARGIN,
    OPT_DPI,
    OPT_CHARSET,
    OPT_START,
    OPT_FINISH,
    OPT_SOLUTION,
    OPT_ANSWER_KEY,
    OPT_GROWING,
    OPT_ROOMS,
    OPT_BRAID,
    OPT_UNICURSAL,
    OPT_STATS,
    OPT_DIFFICULTY,
    OPT_LOAD,
    OPT_STREAM,
    OPT_MAX_MEMORY,
    OPT_MASK,
    OPT_MASK_INVERT,
    OPT_CENTRE,
    OPT_ID_PREFIX,
    OPT_BACKGROUND,
    OPT_PLOTTER,
    OPT_OPENINGS,
    OPT_FRACTAL,
    OPT_WEAVE,
    OPT_BLOCKS,
    OPT_PANELS,
    OPT_FORCE,
    OPT_PLAY,
    OPT_COMPLETIONS,
};

/* What an option's value is, for completion. */
enum cli_value {
    CLI_VALUE_NONE,       /* the option takes no value */
    CLI_VALUE_FREE,       /* a number, length or text: nothing to offer */
    CLI_VALUE_FILE,       /* a file name */
    CLI_VALUE_WORDS,      /* one of the option's words */
    CLI_VALUE_ALGORITHM,  /* the algorithm registry, and list */
    CLI_VALUE_GRID,       /* the grid kind registry, and list */
    CLI_VALUE_FORMAT,     /* the format registry, none, and list */
    CLI_VALUE_PAPER,      /* the library's paper names (or WxH) */
    CLI_VALUE_DIFFICULTY, /* the difficulty levels (or targets) */
};

struct cli_option_spec {
    /* The long name, without its dashes. */
    const char *name;
    /* The short option letter, or 0. */
    char letter;
    /* no_argument, required_argument or optional_argument (getopt.h). */
    int arg;
    /* What getopt_long returns for it: the letter, or an OPT_* code. */
    int code;
    enum cli_value value;
    /* CLI_VALUE_WORDS: the accepted words, NULL-terminated; the parser
     * checks against the same array. */
    const char *const *words;
    /* A few words for the completion menus of zsh and fish. */
    const char *summary;
    /* Left out of --help and the manual (--completions). */
    bool hidden;
};

/* The accepted words of the options that take one of a few. */
extern const char *const cli_words_charset[];
extern const char *const cli_words_stats[];
extern const char *const cli_words_openings[];
extern const char *const cli_words_background[];
extern const char *const cli_words_orientation[];
extern const char *const cli_words_answers[];
extern const char *const cli_words_growing[];
extern const char *const cli_words_shells[];

/* The table, in --help's order. */
size_t cli_option_count(void);
const struct cli_option_spec *cli_option_at(size_t index);

#endif
