/* SPDX-License-Identifier: MIT */
/*
 * The command's specs, made from the library's option rows once
 * (optable.h).
 */
#include "cli/optable.h"

#include <getopt.h>

static struct cli_option_spec specs[2 * MAZE_OPT_COUNT_];
static size_t spec_count;

static enum cli_value
value_of(const struct maze_option *o)
{
    switch (o->type) {
    case MAZE_OPTION_FLAG:
        return CLI_VALUE_NONE;
    case MAZE_OPTION_INPUT:
    case MAZE_OPTION_OUTPUT:
    case MAZE_OPTION_DIRECTORY:
        return CLI_VALUE_FILE;
    case MAZE_OPTION_CHOICE:
        switch (o->registry) {
        case MAZE_REGISTRY_ALGORITHM:
            return CLI_VALUE_ALGORITHM;
        case MAZE_REGISTRY_GRID:
            return CLI_VALUE_GRID;
        case MAZE_REGISTRY_FORMAT:
            return CLI_VALUE_FORMAT;
        case MAZE_REGISTRY_PAPER:
            return CLI_VALUE_PAPER;
        case MAZE_REGISTRY_DIFFICULTY:
            return CLI_VALUE_DIFFICULTY;
        case MAZE_REGISTRY_NONE:
        default:
            return CLI_VALUE_WORDS;
        }
    default:
        return CLI_VALUE_FREE;
    }
}

static void
add(const struct maze_option *o, const char *name)
{
    bool optional = (o->flags & MAZE_OPTION_VALUE_OPTIONAL) != 0;
    specs[spec_count++] = (struct cli_option_spec){
        .name = name,
        .letter = o->letter,
        .arg = o->type == MAZE_OPTION_FLAG ? no_argument
               : optional                  ? optional_argument
                                           : required_argument,
        .code = CLI_OPTION_CODE + (int)o->id,
        .value = value_of(o),
        .words = o->choices,
        .summary = o->summary,
        .hidden = (o->flags & MAZE_OPTION_HIDDEN) != 0,
        .row = o,
    };
}

static void
build(void)
{
    if (spec_count > 0) {
        return;
    }
    for (size_t i = 0; i < maze_option_count(); i++) {
        const struct maze_option *o = maze_option_at(i);
        add(o, o->name);
        if (o->alias) {
            add(o, o->alias);
        }
    }
}

size_t
cli_option_count(void)
{
    build();
    return spec_count;
}

const struct cli_option_spec *
cli_option_at(size_t index)
{
    build();
    return index < spec_count ? &specs[index] : NULL;
}

const struct maze_option *
cli_option_row(int code)
{
    if (code >= CLI_OPTION_CODE) {
        return maze_option_at((size_t)(code - CLI_OPTION_CODE));
    }
    char letter[2] = {(char)code, '\0'};
    return code > 0 && code < 128 ? maze_option_find(letter) : NULL;
}
