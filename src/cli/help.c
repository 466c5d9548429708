/* SPDX-License-Identifier: MIT */
/*
 * The help text. Algorithms, formats and difficulty presets are read from
 * their registries, so nothing here lists them by hand; the command-line
 * tests run every example.
 */
#include "cli/help.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <mazegen/mazegen.h>

static const char *const examples[] = {
    "mazegen",
    "mazegen -W 30 -H 15 --charset utf8 --solution",
    "mazegen -a kruskal -s 42 -o maze.png",
    "mazegen -W 40 -H 25 -b h=3,v=1 -c 8mm -o maze.svg",
    "mazegen -W 60 -H 80 --paper letter -o puzzle.pdf --answer-key key.pdf",
    "mazegen --sheet -c 0.125in -o page.pdf",
    "mazegen -W 20 -H 20 --count 10 --per-page 4 --solution --title Mazes "
    "--name-line -o book.pdf",
    "mazegen -W 20 -H 20 --count 10 --per-page 4 --puzzle 3 -o page3.pdf",
    "mazegen -W 15 -H 15 --count 2 --per-page 2 --answers same-page "
    "--upside-down --paper a4 -o sheet.pdf",
    "mazegen -s 7 -o maze.json",
    "mazegen --load maze.json --solution -o maze.svg",
    "mazegen -W 30 -H 30 --id-prefix fig1 --background white -o fig1.svg",
    "mazegen -W 40 -H 40 -c 5mm --plotter -o cut.svg",
    "mazegen -a growing-tree --growing newest:75,random:25 -o maze.txt",
    "mazegen -a kruskal --braid 0.5 --stats -o maze.png",
    "mazegen --difficulty hard -W 30 -H 30 -o hard.pdf",
    "mazegen -W 200 -H 200 -t none --stats=json",
    "mazegen -a eller -W 3000 -H 1000 --stream -c 2px -o wide.png",
    "mazegen --algorithm list",
    "mazegen --grid list",
    "mazegen --grid hex -W 20 -H 15 --solution -o hex.pdf",
    "mazegen --grid triangle -W 30 -H 15 -b v=3 -o triangles.svg",
    "mazegen --mask heart.png --solution -o heart-maze.png",
    "mazegen --grid hex --mask letter-m.txt --sheet -o letter.pdf",
    "mazegen --grid theta -H 15 --solution -o circle.svg",
    "mazegen --levels 3 -W 15 -H 15 -b ud=0.5 --solution -o tower.png",
    "mazegen --grid theta -H 12 --count 10 --per-page 2 --solution -o "
    "circles.pdf",
    "mazegen -W 12 -H 8 --charset underscore",
    "mazegen -W 30 -H 20 -o level.blocks --blocks X.SE",
    "mazegen -W 30 -H 20 -o level.csv",
    "mazegen -i -a kruskal -s 1",
    "mazegen -W 20 -H 12 --animate --solution -o carve.svg",
    "mazegen -W 20 -H 12 --frames . --frame-every 5 -o maze.png",
};

static const char usage[] =
    "Usage: mazegen [OPTION]...\n"
    "Generate mazes and write them as text, PNG, SVG, PDF, printable puzzle\n"
    "sheets with answer keys, or wall-graph files to load again.\n";

/* Option descriptions start this many columns in; lines end by WIDTH.
 * Registry entries (kinds, algorithms, levels) start LIST_INDENT in and
 * end by HELP_COLUMNS, as every line of the help does. */
#define INDENT 24
#define WIDTH 72
#define LIST_INDENT 17
#define HELP_COLUMNS 79

/* Appends len bytes of s to out (n bytes used of size), as far as fits. */
static void
append(char *out, size_t size, size_t *n, const char *s, size_t len)
{
    size_t room = size - 1 - *n;
    len = len < room ? len : room;
    memcpy(out + *n, s, len);
    *n += len;
    out[*n] = '\0';
}

/*
 * Lays an option's description out as the text above is laid out by
 * hand: the option, then the words, a line broken before it would pass
 * width columns, each continuation indent columns in.
 */
static void
wrap_at(const char *option, const char *text, size_t indent, size_t width,
        char *out, size_t size)
{
    static const char pad[INDENT + 1] = "                        ";
    size_t n = 0, col = strlen(option);
    out[0] = '\0';
    append(out, size, &n, option, col);
    append(out, size, &n, pad, col < indent ? indent - col : 1);
    col = col < indent ? indent : col + 1;
    bool fresh = true; /* no word on this line yet */
    while (*text != '\0') {
        size_t len = strcspn(text, " ");
        if (!fresh && col + 1 + len > width) {
            append(out, size, &n, "\n", 1);
            append(out, size, &n, pad, indent);
            col = indent;
            fresh = true;
        }
        if (!fresh) {
            append(out, size, &n, " ", 1);
            col++;
        }
        append(out, size, &n, text, len);
        col += len;
        fresh = false;
        text += len;
        text += strspn(text, " ");
    }
    append(out, size, &n, "\n", 1);
}

static void
wrap(const char *option, const char *text, char *out, size_t size)
{
    wrap_at(option, text, INDENT, WIDTH, out, size);
}

/* A registry entry: its name, then its description wrapped. */
static void
print_entry(const char *name, const char *mark, const char *description)
{
    char option[64], text[512], lines[1024];
    snprintf(option, sizeof(option), "  %-14s", name);
    snprintf(text, sizeof(text), "%s%s", mark, description);
    wrap_at(option, text, LIST_INDENT, HELP_COLUMNS, lines, sizeof(lines));
    fputs(lines, stdout);
}

/* An example, broken with a backslash before HELP_COLUMNS columns and
 * continued further in, as a shell reads it. */
static void
print_example(const char *example)
{
    const char *rest = example;
    size_t room = HELP_COLUMNS - 2 - 2; /* the indent, and " \" */
    printf("  ");
    while (strlen(rest) > room) {
        size_t cut = room;
        while (cut > 0 && rest[cut] != ' ') {
            cut--;
        }
        printf("%.*s \\\n    ", (int)cut, rest);
        rest += cut + 1;
        room = HELP_COLUMNS - 4 - 2;
    }
    printf("%s\n", rest);
}

/* An option's column: "  -W, --width N", "      --stats[=FORMAT]". */
static void
option_column(const struct maze_option *o, char *buf, size_t size)
{
    char letter[8] = "    ";
    if (o->letter) {
        snprintf(letter, sizeof(letter), "-%c, ", o->letter);
    }
    bool optional = (o->flags & MAZE_OPTION_VALUE_OPTIONAL) != 0;
    snprintf(buf, size, "  %s--%s%s%s%s%s", letter, o->name,
             o->metavar ? (optional ? "[=" : " ") : "",
             o->metavar ? o->metavar : "", o->metavar && optional ? "]" : "",
             "");
}

/* A group's closing note, wrapped two columns in. */
static void
print_note(const char *note)
{
    char lines[1024];
    wrap_at("", note, 2, WIDTH, lines, sizeof(lines));
    fputs(lines, stdout);
}

/* The options, group by group, from the library's table. */
static void
print_options(void)
{
    for (int g = 0; g < MAZE_GROUP_COUNT_; g++) {
        printf("\n%s:\n", maze_option_group_title((enum maze_option_group)g));
        for (size_t i = 0; i < maze_option_count(); i++) {
            const struct maze_option *o = maze_option_at(i);
            if (o->group != (enum maze_option_group)g ||
                (o->flags & MAZE_OPTION_HIDDEN)) {
                continue;
            }
            char column[64], text[2048], lines[4096];
            option_column(o, column, sizeof(column));
            maze_option_describe(o, text, sizeof(text));
            wrap(column, text, lines, sizeof(lines));
            fputs(lines, stdout);
        }
        const char *note = maze_option_group_note((enum maze_option_group)g);
        if (note != NULL) {
            print_note(note);
        }
    }
}

void
cli_print_help(void)
{
    fputs(usage, stdout);
    print_options();
    printf("\nGrid kinds (--grid; --grid list for their sizes and "
           "classes):\n");
    for (size_t i = 0; i < maze_grid_kind_count(); i++) {
        const struct maze_grid_kind *k = maze_grid_kind_at(i);
        print_entry(k->name, "", k->description);
    }
    printf("\nAlgorithms (* whole rectangles only: --grid rect, no "
           "--mask):\n");
    for (size_t i = 0; i < maze_algorithm_count(); i++) {
        const struct maze_algorithm_info *a = maze_algorithm_at(i);
        print_entry(a->name, a->rect_only ? "* " : "", a->description);
    }
    printf("\nDifficulty levels:\n");
    for (size_t i = 0; maze_difficulty_name(i) != NULL; i++) {
        print_entry(maze_difficulty_name(i), "",
                    maze_difficulty_description(i));
    }
    printf("\nExamples:\n");
    for (size_t i = 0; i < sizeof(examples) / sizeof(examples[0]); i++) {
        print_example(examples[i]);
    }
    printf("\n"
           "Exit status: 0 success, 1 runtime failure (such as a full disk), "
           "2 bad usage.\n"
           "The same options and seed always give byte-identical output.\n"
           "\n"
           "Report bugs to the mazegen authors, with the command you ran, "
           "what it\nprinted and what 'mazegen --version' prints. Full "
           "documentation: man mazegen.\n");
}

/* The options that set each size parameter. */
static const enum maze_option_id size_options[MAZE_SIZE_COUNT] = {
    MAZE_OPT_WIDTH, MAZE_OPT_HEIGHT, MAZE_OPT_LEVELS, MAZE_OPT_CENTRE,
    MAZE_OPT_PANELS};

void
cli_print_grids(void)
{
    for (size_t i = 0; i < maze_grid_kind_count(); i++) {
        const struct maze_grid_kind *k = maze_grid_kind_at(i);
        printf("%s", k->name);
        for (size_t a = 0; a < 4 && k->aliases[a]; a++) {
            printf("%s%s", a ? ", " : " (also ", k->aliases[a]);
        }
        printf("%s: %s\n", k->aliases[0] ? ")" : "", k->description);
        for (int s = 0; s < MAZE_SIZE_COUNT; s++) {
            const struct maze_grid_size_info *z = &k->sizes[s];
            if (z->meaning != NULL) {
                /* The command line's own bound on a side, where lower. */
                uint32_t max = z->max < MAZE_OPTION_MAX_SIDE
                                   ? z->max
                                   : MAZE_OPTION_MAX_SIDE;
                printf("  %-12s %s, %u to %u%s\n",
                       maze_option_label(maze_option_at(size_options[s])),
                       z->meaning, (unsigned)z->min, (unsigned)max,
                       z->def ? " (has a default)" : "");
            }
        }
        printf("  -b classes   ");
        for (unsigned c = 0; c < k->class_count; c++) {
            printf("%s%s (%s)", c ? ", " : "", k->class_names[c],
                   k->class_meanings[c]);
        }
        printf("\n  cells        ");
        for (unsigned c = 0; c < k->coord_count; c++) {
            printf("%s%s", c ? "," : "", k->coord_names[c]);
        }
        printf(" from 0%s\n", k->maskable ? "; takes --mask" : "");
    }
}

void
cli_print_algorithms(void)
{
    for (size_t i = 0; i < maze_algorithm_count(); i++) {
        puts(maze_algorithm_at(i)->name);
    }
}

/* A paper's side in mm to a tenth, in inches to a hundredth: the
 * figures a printer's dialog gives, each readable back as --paper WxH. */
static double
rounded(double v, double step)
{
    return round(v / step) * step;
}

void
cli_print_papers(void)
{
    const char *name;
    for (size_t i = 0; (name = maze_paper_name_at(i)) != NULL; i++) {
        double w, h;
        (void)maze_paper_parse(name, &w, &h);
        char mm[40];
        snprintf(mm, sizeof(mm), "%gx%gmm", rounded(w / 72 * 25.4, 0.1),
                 rounded(h / 72 * 25.4, 0.1));
        printf("%-14s %-16s %gx%gin\n", name, mm, rounded(w / 72, 0.01),
               rounded(h / 72, 0.01));
    }
}

void
cli_print_formats(void)
{
    for (size_t i = 0; i < maze_format_count(); i++) {
        puts(maze_format_at(i)->name);
    }
    puts(MAZE_FORMAT_NONE);
}
