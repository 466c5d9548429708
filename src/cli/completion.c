/* SPDX-License-Identifier: MIT */
/*
 * Shell completions, written from the option table: every option with its
 * short form, and for each value what may go there: a file, the words the
 * parser accepts, or the names of a registry (algorithms, grid kinds,
 * formats, papers, difficulty levels) as the library lists them. The
 * scripts hold the lists themselves, so completing never runs mazegen.
 */
#include "cli/completion.h"

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include <mazegen/mazegen.h>

#include "cli/cli.h"
#include "cli/optable.h"

/* Appends word to buf (space-separated), as far as it fits. */
static void
add(char *buf, size_t size, const char *word)
{
    size_t n = strlen(buf);
    snprintf(buf + n, size - n, "%s%s", n ? " " : "", word);
}

/*
 * The words o's value may be, space-separated, into buf; false when the
 * value is free or a file (nothing to list).
 */
static bool
words(const struct cli_option_spec *o, char *buf, size_t size)
{
    buf[0] = '\0';
    switch (o->value) {
    case CLI_VALUE_WORDS:
        for (const char *const *w = o->words; *w; w++) {
            add(buf, size, *w);
        }
        return true;
    case CLI_VALUE_ALGORITHM:
        for (size_t i = 0; i < maze_algorithm_count(); i++) {
            add(buf, size, maze_algorithm_at(i)->name);
        }
        add(buf, size, "list");
        return true;
    case CLI_VALUE_GRID:
        for (size_t i = 0; i < maze_grid_kind_count(); i++) {
            add(buf, size, maze_grid_kind_at(i)->name);
        }
        add(buf, size, "list");
        return true;
    case CLI_VALUE_FORMAT:
        for (size_t i = 0; i < maze_format_count(); i++) {
            add(buf, size, maze_format_at(i)->name);
        }
        add(buf, size, MAZE_FORMAT_NONE);
        add(buf, size, "list");
        return true;
    case CLI_VALUE_PAPER:
        for (size_t i = 0; maze_paper_name_at(i) != NULL; i++) {
            add(buf, size, maze_paper_name_at(i));
        }
        return true;
    case CLI_VALUE_DIFFICULTY:
        for (size_t i = 0; maze_difficulty_name(i) != NULL; i++) {
            add(buf, size, maze_difficulty_name(i));
        }
        return true;
    default:
        return false;
    }
}

/* Prints s single-quoted for zsh or fish ('\'' for a quote in it). */
static void
quoted(const char *s)
{
    putchar('\'');
    for (; *s; s++) {
        if (*s == '\'') {
            fputs("'\\''", stdout);
        } else {
            putchar(*s);
        }
    }
    putchar('\'');
}

static void
print_bash(void)
{
    char list[1024];
    puts("# bash completion for mazegen, written by `mazegen --completions "
         "bash`\n"
         "# from its option table.\n"
         "_mazegen()\n"
         "{\n"
         "    local cur=${COMP_WORDS[COMP_CWORD]} prev= i=$((COMP_CWORD - 1))\n"
         "    # --option=value: one word, or three when COMP_WORDBREAKS "
         "splits at =.\n"
         "    if [[ $cur == --*=* ]]; then\n"
         "        prev=${cur%%=*}=\n"
         "        cur=${cur#*=}\n"
         "    elif [[ $cur == = ]] && ((i > 0)); then\n"
         "        prev=${COMP_WORDS[i]}=\n"
         "        cur=\n"
         "    elif ((i > 1)) && [[ ${COMP_WORDS[i]} == = ]]; then\n"
         "        prev=${COMP_WORDS[i - 1]}=\n"
         "    elif ((i > 0)); then\n"
         "        prev=${COMP_WORDS[i]}\n"
         "    fi\n"
         "    COMPREPLY=()\n"
         "    case $prev in");
    /* Values typed freely (numbers, lengths, text): nothing to offer, and
     * no options either. Then one arm for each option with a list. */
    int col = printf("    ");
    bool first = true;
    for (size_t i = 0; i < cli_option_count(); i++) {
        const struct cli_option_spec *o = cli_option_at(i);
        if (o->value == CLI_VALUE_FREE) {
            /* Lines of about 80 columns, continued with a backslash. */
            if (col > 60) {
                col = printf(" \\\n    ") - 2;
            }
            col += printf("%s", first ? "" : "|");
            first = false;
            if (o->letter) {
                col += printf("-%c|", o->letter);
            }
            col += printf("--%s|--%s=", o->name, o->name);
        }
    }
    puts(")\n"
         "        return 0\n"
         "        ;;");
    for (size_t i = 0; i < cli_option_count(); i++) {
        const struct cli_option_spec *o = cli_option_at(i);
        if (o->arg == no_argument || o->value == CLI_VALUE_FREE) {
            continue;
        }
        /* An optional value goes only in the same word (--stats=json). */
        fputs("    ", stdout);
        if (o->arg == required_argument) {
            if (o->letter) {
                printf("-%c|", o->letter);
            }
            printf("--%s|", o->name);
        }
        printf("--%s=)\n", o->name);
        if (o->value == CLI_VALUE_FILE) {
            puts("        compopt -o filenames 2>/dev/null\n"
                 "        mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")");
        } else if (words(o, list, sizeof(list))) {
            printf("        mapfile -t COMPREPLY < <(compgen -W '%s' -- "
                   "\"$cur\")\n",
                   list);
        }
        puts("        return 0\n"
             "        ;;");
    }
    list[0] = '\0';
    for (size_t i = 0; i < cli_option_count(); i++) {
        const struct cli_option_spec *o = cli_option_at(i);
        if (!o->hidden) {
            char name[40];
            snprintf(name, sizeof(name), "--%s", o->name);
            add(list, sizeof(list), name);
            if (o->letter) {
                snprintf(name, sizeof(name), "-%c", o->letter);
                add(list, sizeof(list), name);
            }
        }
    }
    printf("    esac\n"
           "    if [[ $cur == -* ]]; then\n"
           "        mapfile -t COMPREPLY < <(compgen -W '%s' -- \"$cur\")\n"
           "    fi\n"
           "    return 0\n"
           "}\n"
           "complete -F _mazegen mazegen\n",
           list);
}

static void
print_zsh(void)
{
    char list[1024], spec[1200];
    puts("#compdef mazegen\n"
         "# zsh completion for mazegen, written by `mazegen --completions "
         "zsh`\n"
         "# from its option table.\n"
         "_arguments -s -S \\");
    for (size_t i = 0; i < cli_option_count(); i++) {
        const struct cli_option_spec *o = cli_option_at(i);
        if (o->hidden) {
            continue;
        }
        /* What follows the description: the value and its action. */
        const char *action = " ";
        if (o->value == CLI_VALUE_FILE) {
            action = "_files";
        } else if (words(o, list, sizeof(list))) {
            snprintf(spec, sizeof(spec), "(%s)", list);
            action = spec;
        }
        char value[1300] = "";
        if (o->arg != no_argument) {
            snprintf(value, sizeof(value), ":%s%s:%s",
                     o->arg == optional_argument ? ":" : "", o->name, action);
        }
        const char *eq = o->arg == required_argument   ? "="
                         : o->arg == optional_argument ? "=-"
                                                       : "";
        fputs("  ", stdout);
        if (o->letter) {
            printf("'(-%c --%s)'{-%c%s,--%s%s}", o->letter, o->name, o->letter,
                   o->arg == no_argument ? "" : "+", o->name, eq);
        } else {
            printf("'--%s%s'", o->name, eq);
        }
        char rest[1500];
        snprintf(rest, sizeof(rest), "[%s]%s", o->summary, value);
        quoted(rest);
        puts(" \\");
    }
    puts("  && return 0\n"
         "return 1");
}

static void
print_fish(void)
{
    char list[1024];
    puts("# fish completion for mazegen, written by `mazegen --completions "
         "fish`\n"
         "# from its option table.\n"
         "complete -c mazegen -f");
    for (size_t i = 0; i < cli_option_count(); i++) {
        const struct cli_option_spec *o = cli_option_at(i);
        if (o->hidden) {
            continue;
        }
        printf("complete -c mazegen");
        if (o->letter) {
            printf(" -s %c", o->letter);
        }
        printf(" -l %s", o->name);
        /* fish has no optional values: --stats=json is typed. */
        if (o->arg == required_argument) {
            if (o->value == CLI_VALUE_FILE) {
                printf(" -r -F");
            } else {
                printf(" -x");
                if (words(o, list, sizeof(list))) {
                    printf(" -a ");
                    quoted(list);
                }
            }
        }
        printf(" -d ");
        quoted(o->summary);
        putchar('\n');
    }
}

void
cli_print_completions(const char *shell)
{
    if (strcmp(shell, "bash") == 0) {
        print_bash();
    } else if (strcmp(shell, "zsh") == 0) {
        print_zsh();
    } else {
        print_fish();
    }
}
