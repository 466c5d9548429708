/* SPDX-License-Identifier: MIT */
/*
 * --stats. Percentages are computed here, from the exact counts the
 * library measures; printf runs in the C locale (mazegen never calls
 * setlocale), so the decimal point is always a point. Every string goes
 * out escaped (a loaded file's provenance is text from anywhere): no
 * control character reaches the terminal, and the JSON line stays JSON.
 */
#include "cli/stats.h"

#include <stdbool.h>
#include <stdio.h>

/* Whether s[i] starts a control character: C0, DEL, or C1 (U+0080 to
 * U+009F, 0xC2 0x80 to 0xC2 0x9F in UTF-8, which some terminals obey);
 * *code gets its code point and *len its bytes. */
static bool
control_at(const char *s, unsigned *code, unsigned *len)
{
    unsigned char c = (unsigned char)s[0];
    if (c < 0x20 || c == 0x7f) {
        *code = c;
        *len = 1;
        return true;
    }
    unsigned char d = (unsigned char)s[1];
    if (c == 0xc2 && d >= 0x80 && d <= 0x9f) {
        *code = d;
        *len = 2;
        return true;
    }
    return false;
}

/* s for a terminal: control characters as \uXXXX, and a backslash
 * doubled so that such an escape is not forged. */
static void
put_text(FILE *f, const char *s)
{
    while (*s) {
        unsigned code, len;
        if (control_at(s, &code, &len)) {
            fprintf(f, "\\u%04x", code);
            s += len;
        } else {
            if (*s == '\\') {
                fputc('\\', f);
            }
            fputc(*s++, f);
        }
    }
}

/* s as a JSON string, quotes included: '"' and '\\' escaped, control
 * characters as \uXXXX (DEL and C1 too, though JSON allows them raw). */
static void
put_json(FILE *f, const char *s)
{
    fputc('"', f);
    while (*s) {
        unsigned code, len;
        if (control_at(s, &code, &len)) {
            fprintf(f, "\\u%04x", code);
            s += len;
            continue;
        }
        if (*s == '"' || *s == '\\') {
            fputc('\\', f);
        }
        fputc(*s++, f);
    }
    fputc('"', f);
}

static double
percent(uint64_t part, uint64_t whole)
{
    return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

static double
ratio(uint64_t part, uint64_t whole)
{
    return whole ? (double)part / (double)whole : 0.0;
}

static void
print_text(const struct maze *maze, const struct maze_metrics *m)
{
    const struct maze_provenance *p = maze_provenance(maze);
    FILE *f = stderr;
    fputs("mazegen: stats for ", f);
    put_text(f, p->algorithm);
    fprintf(f, ", seed %llu%s", (unsigned long long)p->seed,
            p->params[0] ? ", " : "");
    put_text(f, p->params);
    fputc('\n', f);
    const struct maze_grid *g = maze_grid(maze);
    uint32_t levels = maze_grid_size(g, MAZE_SIZE_LEVELS);
    char lv[16] = "";
    if (levels > 0) {
        snprintf(lv, sizeof(lv), "x%u", (unsigned)levels);
    }
    fputs("  grid                 ", f);
    put_text(f, maze_grid_kind_name(g));
    fprintf(f, " %ux%u%s%s\n", maze_grid_width(g), maze_grid_height(g), lv,
            maze_grid_masked(g) ? ", masked" : "");
    char bias[128];
    maze_bias_format(&p->bias, maze_grid_kind(g), bias, sizeof(bias));
    fputs("  bias                 ", f);
    put_text(f, bias);
    fputc('\n', f);
    fprintf(f, "  cells                %llu\n", (unsigned long long)m->cells);
    fprintf(f, "  passages             %llu (%s)\n",
            (unsigned long long)m->passages,
            p->perfect ? "perfect" : "with loops or rooms");
    if (maze_grid_kind(g)->tunnels) {
        fprintf(f, "  tunnels              %llu (passages under a corridor)\n",
                (unsigned long long)m->tunnels);
    }
    fprintf(f, "  dead ends            %llu (%.1f%%)\n",
            (unsigned long long)m->dead_ends, percent(m->dead_ends, m->cells));
    fprintf(f, "  junctions            %llu three-way, %llu four-way\n",
            (unsigned long long)m->junctions3,
            (unsigned long long)m->junctions4);
    fprintf(f, "  straight runs        %llu\n",
            (unsigned long long)m->straight_runs);
    fprintf(f, "  solution             %llu cells (%.1f%% of cells)\n",
            (unsigned long long)m->solution_cells,
            percent(m->solution_cells, m->cells));
    fprintf(f, "  winding              %.2f (solution / shortest crossing)\n",
            ratio(m->solution_cells, m->crossing));
    fprintf(f, "  turns on solution    %llu\n",
            (unsigned long long)m->solution_turns);
    fprintf(f, "  decision points      %llu\n",
            (unsigned long long)m->decisions);
    fprintf(f, "  dead-end branches    %llu, mean length %.2f (river)\n",
            (unsigned long long)m->branches,
            ratio(m->branch_length, m->branches));
    const struct maze_grid_kind *k = maze_grid_kind(maze_grid(maze));
    fprintf(f, "  passages by class   ");
    for (unsigned c = 0; c < k->class_count; c++) {
        fprintf(f, "%s ", c ? "," : "");
        put_text(f, k->class_names[c]);
        fprintf(f, " %.1f%%", percent(m->by_class[c], m->passages));
    }
    fprintf(f, "\n");
}

/* One JSON object on one line (JSON Lines), so scripts can collect many. */
static void
print_json(const struct maze *maze, const struct maze_metrics *m)
{
    const struct maze_provenance *p = maze_provenance(maze);
    const struct maze_grid *g = maze_grid(maze);
    char bias[128];
    maze_bias_format(&p->bias, maze_grid_kind(g), bias, sizeof(bias));
    /* A flat maze is one level. */
    unsigned levels = maze_grid_size(g, MAZE_SIZE_LEVELS);
    FILE *f = stdout;
    fputs("{\"grid\": ", f);
    put_json(f, maze_grid_kind_name(g));
    printf(", \"masked\": %s, ", maze_grid_masked(g) ? "true" : "false");
    /* The seed as a string, as the wall-graph file writes it: a JSON
     * number past 2^53 loses digits in most readers (jq, JavaScript). */
    printf("\"width\": %u, \"height\": %u, \"levels\": %u, \"algorithm\": ",
           maze_grid_width(g), maze_grid_height(g), levels ? levels : 1);
    put_json(f, p->algorithm);
    printf(", \"seed\": \"%llu\", \"bias\": ", (unsigned long long)p->seed);
    put_json(f, bias);
    fputs(", \"params\": ", f);
    put_json(f, p->params);
    printf(", \"perfect\": %s, ", p->perfect ? "true" : "false");
    printf("\"cells\": %llu, \"passages\": %llu, \"dead_ends\": %llu, "
           "\"dead_end_pct\": %.4f, ",
           (unsigned long long)m->cells, (unsigned long long)m->passages,
           (unsigned long long)m->dead_ends, percent(m->dead_ends, m->cells));
    printf("\"junctions3\": %llu, \"junctions4\": %llu, "
           "\"straight_runs\": %llu, ",
           (unsigned long long)m->junctions3, (unsigned long long)m->junctions4,
           (unsigned long long)m->straight_runs);
    printf("\"solution_cells\": %llu, \"solution_pct\": %.4f, "
           "\"crossing\": %llu, \"winding\": %.4f, \"solution_turns\": %llu, "
           "\"decisions\": %llu, \"tunnels\": %llu, ",
           (unsigned long long)m->solution_cells,
           percent(m->solution_cells, m->cells),
           (unsigned long long)m->crossing,
           ratio(m->solution_cells, m->crossing),
           (unsigned long long)m->solution_turns,
           (unsigned long long)m->decisions, (unsigned long long)m->tunnels);
    printf("\"branches\": %llu, \"branch_length\": %llu, "
           "\"river\": %.4f, \"by_class\": {",
           (unsigned long long)m->branches,
           (unsigned long long)m->branch_length,
           ratio(m->branch_length, m->branches));
    const struct maze_grid_kind *k = maze_grid_kind(g);
    for (unsigned c = 0; c < k->class_count; c++) {
        fputs(c ? ", " : "", f);
        put_json(f, k->class_names[c]);
        printf(": %llu", (unsigned long long)m->by_class[c]);
    }
    printf("}}\n");
}

int
cli_print_stats(const struct maze *maze, enum cli_stats kind)
{
    struct maze_metrics m = MAZE_METRICS_INIT;
    int rc = maze_measure(maze, &m);
    if (rc != MAZE_OK) {
        return rc;
    }
    if (kind == CLI_STATS_JSON) {
        print_json(maze, &m);
    } else {
        print_text(maze, &m);
    }
    return MAZE_OK;
}
