/* SPDX-License-Identifier: MIT */
/*
 * The command's view of the library's option table (mazegen/option.h):
 * getopt_long's table and short-option string and the shell completions
 * come from the rows, one spec a long name (an alias is a spec of its
 * own), so an option added to the library is parsed, completed and
 * documented here at once.
 */
#ifndef MAZEGEN_CLI_OPTABLE_H
#define MAZEGEN_CLI_OPTABLE_H

#include <stdbool.h>
#include <stddef.h>

#include <mazegen/option.h>

/* What getopt_long returns for a long name: this plus the option's id
 * (short letters return themselves). */
#define CLI_OPTION_CODE 256

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
    /* What getopt_long returns for it: CLI_OPTION_CODE + its id. */
    int code;
    enum cli_value value;
    /* CLI_VALUE_WORDS: the accepted words, NULL-terminated. */
    const char *const *words;
    /* A few words for the completion menus of zsh and fish. */
    const char *summary;
    /* Left out of --help and the manual (--completions). */
    bool hidden;
    /* The library's row. */
    const struct maze_option *row;
};

/* The specs, in --help's order. */
size_t cli_option_count(void);
const struct cli_option_spec *cli_option_at(size_t index);

/* The library's row for what getopt_long returned, or NULL. */
const struct maze_option *cli_option_row(int code);

#endif
