/* SPDX-License-Identifier: MIT */
/*
 * The help text. Algorithms, formats and difficulty presets are read from
 * their registries, so nothing here lists them by hand; the command-line
 * tests run every example.
 */
#include "cli/help.h"

#include <stdio.h>
#include <string.h>

#include <mazegen/mazegen.h>

#include "cli/difficulty.h"
#include "cli/cli.h"
#include "cli/sheets.h"
#include "cli/stream.h"
#include "cli/watch.h"

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
    "sheets with answer keys, or wall-graph files to load again.\n"
    "\n"
    "Maze:\n"
    "  -g, --grid KIND       the cells: rect (default), hex, triangle, ...;\n"
    "                        'list' prints each kind with its sizes, bias\n"
    "                        classes and cell names (docs/grids.md)\n"
    "  -W, --width N         width in cells, 1 to %u (default 20)\n"
    "  -H, --height N        height in cells, 1 to %u (default 20);\n"
    "                        width x height at most %u cells in memory,\n"
    "                        any number streamed (see Large mazes)\n"
    "      --mask FILE       keep only the cells a picture marks: a PNG, one\n"
    "                        pixel a cell (dark pixels are cells), or text,\n"
    "                        one character a cell ('.', ' ', '_' are not);\n"
    "                        the size comes from the picture, whose cells\n"
    "                        must form one piece (not theta or 3d)\n"
    "      --mask-invert     the picture's other cells are the maze\n"
    "  -L, --levels N        3d: levels of W x H cells joined by up/down\n"
    "                        passages, 1 to 64 (default 2); alone it means\n"
    "                        --grid 3d; cells are x,y,level\n"
    "      --panels N        3d: levels drawn N to a row (default: all up to\n"
    "                        3, else about a square; a sheet picks the\n"
    "                        arrangement that fits its page best)\n"
    "      --centre N        theta: the centre room's radius in rings, 1 to\n"
    "                        10 (default 1); the maze leads to the centre;\n"
    "                        also --center\n"
    "  -a, --algorithm NAME  generator, listed below (default backtracker);\n"
    "                        'list' prints the names\n"
    "  -b, --bias C=W,...    weights of the grid's direction classes: h=W,v=W\n"
    "                        on rect (east-west, north-south passages); hex\n"
    "                        h, ne, nw; triangle v, ne, nw; upsilon and\n"
    "                        zeta orth, diag; theta around, inout; 3d h, v,\n"
    "                        ud (up/down: ud=0.1 makes floor changes rare)\n"
    "                        (--grid list);\n"
    "                        decimals 0 to 1000, at least one positive, an\n"
    "                        omitted one is 1 (default: all 1);\n"
    "                        docs/algorithms.md says what each algorithm\n"
    "                        weighs\n"
    "  -s, --seed N          seed, 0 to 18446744073709551615 (default: "
    "random,\n"
    "                        printed with --verbose and stamped in the "
    "output)\n"
    "      --growing POLICY  growing-tree cell choice: newest (default), "
    "random,\n"
    "                        oldest, middle, or a mix like "
    "newest:75,random:25\n"
    "      --rooms N         division: leave regions of at most N x N cells\n"
    "                        as open rooms (default 0: a perfect maze)\n"
    "      --braid P         remove the fraction P (0 to 1) of dead ends,\n"
    "                        making loops (default 0)\n"
    "      --fractal K       nest K levels: each cell of the -W x -H maze "
    "holds\n"
    "                        another, W^K x H^K cells, outer walls heavier\n"
    "      --weave[=P]       a weave maze (--grid weave): passages may tunnel\n"
    "                        under straight corridors; -a backtracker takes\n"
    "                        P%% of its chances to, -a kruskal places\n"
    "                        crossings at P%% of the cells (1-100, default "
    "50)\n"
    "      --unicursal       turn the maze into one path through every cell\n"
    "                        with no choices (the grid doubles each way)\n"
    "      --difficulty LVL  easy, medium, hard or expert: picks the\n"
    "                        algorithm and tries seeds until the maze's\n"
    "                        metrics fit the level; prints the seed kept,\n"
    "                        or exits 1 when none of 200 fits; targets\n"
    "                        narrow a level (hard,winding=4..) or stand\n"
    "                        alone for -a (winding=3..5,dead-ends=..10:\n"
    "                        solution over width+height-1, %% of cells)\n"
    "      --start X,Y       start cell, 0-based, x right, y down (other\n"
    "                        kinds: their cell names, --grid list)\n"
    "      --finish X,Y      finish cell (default: start and finish are the\n"
    "                        ends of the longest path between two cells of\n"
    "                        the outer wall, each with an opening)\n"
    "      --openings MODE   where start and finish open: longest (default:\n"
    "                        the longest path whose openings are on\n"
    "                        different sides of the maze), left-right (start\n"
    "                        on the west side, finish on the east) or\n"
    "                        top-bottom (north to south); --start/--finish\n"
    "                        keep their cells and open on those sides\n"
    "\n"
    "Output:\n"
    "  -o, --output FILE     write to FILE ('-' or none: standard output)\n"
    "  -t, --format NAME     text, png, svg, pdf, sheet (pdf puzzle pages),\n"
    "                        json (wall-graph file), blocks, blocks-csv,\n"
    "                        blocks-raw (block maps for games: "
    "docs/blocks.md)\n"
    "                        or none (generate only); an extension names its\n"
    "                        format too (txt); default: from FILE's extension\n"
    "                        .txt .png .svg .pdf .json .blocks .csv .raw,\n"
    "                        else text (sheet with sheet options); an\n"
    "                        extension of another format is an error\n"
    "      --force           write png, svg, pdf or json to a terminal too\n"
    "                        (refused without it)\n"
    "      --solution        draw the shortest path from start to finish; on\n"
    "                        a sheet, add an answer-key section\n"
    "      --answer-key FILE also write the maze with its solution to FILE\n"
    "                        (same format; on a sheet, the keys alone); -o\n"
    "                        then holds the plain puzzle\n"
    "      --load FILE       draw a maze saved with -t json ('-': standard\n"
    "                        input) instead of generating one\n"
    "      --stats[=FORMAT]  print the maze's metrics: text (default) on\n"
    "                        standard error, or json on standard output\n"
    "  -c, --cell-size LEN   cell size: px for png (default 10px), pt, mm, cm\n"
    "                        or in for svg/pdf (default 12pt); a bare number\n"
    "                        uses the format's unit; on a sheet the default\n"
    "                        is the largest that fits, and -c without -W/-H\n"
    "                        fills the page with cells of that size\n"
    "      --wall-width LEN  wall thickness (default: png cell/5, vector\n"
    "                        cell/8); at least 0.25pt as printed (0.5pt on\n"
    "                        a sheet) and at most half the cell, so\n"
    "                        passages keep at least half of it\n"
    "      --margin LEN      space around the maze, where the start and\n"
    "                        finish arrows go (default: a cell, at least\n"
    "                        12pt, png at its dpi; sheet 0.5in); 0: none,\n"
    "                        and the ends are marked inside their cells\n"
    "      --dpi N           png resolution, 1 to 100000 (default 96)\n"
    "      --charset NAME    text characters: ascii (default), utf8 or\n"
    "                        underscore (the classic |_ look: each cell a\n"
    "                        floor, _ when walled, and an east wall |; no\n"
    "                        --solution, rectangles only)\n"
    "      --blocks CHARS    -t blocks: the characters of wall, floor, start\n"
    "                        and finish blocks, 4 different printable ASCII\n"
    "                        (default '#.SF')\n"
    "\n"
    "Console:\n"
    "  -i, --interactive     ask for the rows and columns (2 to 50) of a maze\n"
    "                        on standard input, print it, and ask for another\n"
    "                        until the answer is no or the input ends (a pipe\n"
    "                        works too); maze k has seed -s + k, printed with\n"
    "                        it; the maze options apply to each, and -t text,\n"
    "                        blocks or blocks-csv; no -W, -H, -o, sheets,\n"
    "                        --load, --stream, --mask, --start, --finish,\n"
    "                        --fractal or --difficulty\n"
    "      --play            solve the maze yourself in the terminal: arrows,\n"
    "                        WASD or hjkl move, ? shows the solution, q gives\n"
    "                        up (exit 0, the solution drawn), Ctrl-C quits\n"
    "                        (130); the moves against the shortest path and\n"
    "                        the time are printed at the finish; rectangles\n"
    "                        that fit the terminal, no -o, -t or --solution\n"
    "\n"
    "SVG (ready to inline in HTML, restyle with CSS or plot; svg only):\n"
    "      --id-prefix P     start every id with P-: 1 to 64 ASCII letters,\n"
    "                        digits, '_', '-' or '.', a letter or '_' first\n"
    "                        (default: m and a hash of the document)\n"
    "      --background B    white or none (default: none for a maze, white\n"
    "                        for a sheet)\n"
    "      --plotter         walls as long strokes ordered to keep a pen\n"
    "                        plotter's or laser cutter's travel short\n"
    "  Walls, solution, start, finish and sheet text carry the classes\n"
    "  mazegen-walls, -solution (an Inkscape layer), -start, -finish and\n"
    "  -text (docs/svg.md).\n"
    "\n"
    "Sheets (printable pages; any of these options asks for one):\n"
    "      --sheet           lay the maze out on paper (pdf, svg or png)\n"
    "      --paper NAME      letter, a4, legal, a3, a5, b5, tabloid, ledger,\n"
    "                        executive, half-letter (any case), or WxH with\n"
    "                        a unit in, mm, cm or pt, e.g. 8.5x11in,\n"
    "                        14.8x21cm (default: $PAPERSIZE, else the file\n"
    "                        $PAPERCONF or /etc/papersize, else letter)\n"
    "      --orientation O   portrait (default) or landscape\n"
    "      --count N         N numbered puzzles, 1 to %u (default 1), each\n"
    "                        with its own seed derived from -s; pdf only\n"
    "      --per-page N      puzzles on each page: 1 (default), 2, 4 or 6\n"
    "      --puzzle N        only puzzle N of the book, exactly as in it\n"
    "      --title TEXT      page title in any script (default Maze, or\n"
    "                        Mazes for a book; '' for none), shrunk to 10pt\n"
    "                        then wrapped to two lines to fit\n"
    "      --instructions T  a line or four of text under the title\n"
    "      --author NAME     the author in the PDF's metadata\n"
    "      --gutter LEN      PDF books: a binding margin on the inner side\n"
    "                        (left of odd pages, right of even ones)\n"
    "      --bleed LEN[,all][,marks]\n"
    "                        PDF: the page grows by LEN (at most 1in) at\n"
    "                        the top, bottom and outer side (,all: every\n"
    "                        side), with TrimBox and BleedBox (,marks: and\n"
    "                        crop marks)\n"
    "      --ink-saving      thinner walls and solution, arrows in outline\n"
    "      --name-line       a Name / Date line for the solver\n"
    "      --answers WHERE   none, end (an answer section; the default with\n"
    "                        --solution) or same-page (small keys under the\n"
    "                        puzzles)\n"
    "      --upside-down     print same-page keys upside down\n"
    "\n"
    "Large mazes:\n";

/* The --stream entry, with the streamable algorithms (%s) from the
 * registry; wrap() lays it out. */
static const char stream_text[] =
    "carve and write row by row, in memory proportional to the width: -a %s "
    "to png, text, a block map or none; start and finish default to the "
    "top-left cell "
    "(entered from the west) and the bottom-right one (left to the east); "
    "no --solution, --answer-key, --stats, --braid, --unicursal, "
    "--difficulty, sheets, --count or --puzzle. Used by itself above %%u "
    "cells";

static const char usage_end[] =
    "      --max-memory SIZE refuse (exit 1, before allocating) a run\n"
    "                        estimated to need more than SIZE bytes (K, M, G\n"
    "                        or T: powers of 1024; default: what the system\n"
    "                        has available)\n"
    "  -j, --threads N       deflate a PNG (a maze, a sheet, a stream) on N\n"
    "                        threads while the maze is drawn, 1 to %u: the\n"
    "                        same bytes whatever N (default: the cores\n"
    "                        available)\n"
    "  A run longer than about 2 s shows its progress on standard error when\n"
    "  that is a terminal (not with --quiet). aldous-broder's random walk\n"
    "  must visit every cell, so its time grows faster than the maze: it is\n"
    "  practical up to about 2000x2000; the other algorithms make\n"
    "  10000x10000 in memory.\n"
    "\n"
    "Other:\n"
    "  -v, --verbose         print the seed and the files written\n"
    "  -q, --quiet           print nothing but errors\n"
    "  -h, --help            show this help and exit\n"
    "  -V, --version         show the version and exit\n";

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

/* The --stream entry. The cell count is filled in after wrapping (wrapped
 * as "%u"), so its line may run a few columns past WIDTH. */
static void
print_stream_option(void)
{
    char names[128], text[768], lines[1024];
    cli_streamable_names(names, sizeof(names));
    snprintf(text, sizeof(text), stream_text, names);
    wrap("      --stream", text, lines, sizeof(lines));
    printf(lines, MAZE_MAX_CELLS);
}

void
cli_print_help(void)
{
    printf(usage, CLI_MAX_SIDE, CLI_MAX_SIDE, MAZE_MAX_CELLS, CLI_MAX_COUNT);
    print_stream_option();
    printf(usage_end, CLI_MAX_THREADS);
    cli_print_watch_help();
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
    for (size_t i = 0; i < cli_difficulty_count(); i++) {
        const struct cli_difficulty *d = cli_difficulty_at(i);
        print_entry(d->name, "", d->description);
    }
    printf("\nExamples:\n");
    for (size_t i = 0; i < sizeof(examples) / sizeof(examples[0]); i++) {
        print_example(examples[i]);
    }
    printf("\n"
           "Exit status: 0 success, 1 runtime failure (such as a full disk), "
           "2 bad usage.\n"
           "The same options and seed always give byte-identical output.\n");
}

void
cli_print_algorithms(void)
{
    for (size_t i = 0; i < maze_algorithm_count(); i++) {
        puts(maze_algorithm_at(i)->name);
    }
}

void
cli_print_formats(void)
{
    for (size_t i = 0; i < maze_format_count(); i++) {
        puts(maze_format_at(i)->name);
    }
    puts(CLI_FORMAT_NONE);
}
