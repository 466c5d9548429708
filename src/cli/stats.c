/* SPDX-License-Identifier: MIT */
/*
 * --stats. Percentages are computed here, from the exact counts the
 * library measures; printf runs in the C locale (mazegen never calls
 * setlocale), so the decimal point is always a point.
 */
#include "cli/stats.h"

#include <stdio.h>

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
    fprintf(f, "mazegen: stats for %s, seed %llu%s%s\n", p->algorithm,
            (unsigned long long)p->seed, p->params[0] ? ", " : "", p->params);
    const struct maze_grid *g = maze_grid(maze);
    uint32_t levels = maze_grid_size(g, MAZE_SIZE_LEVELS);
    char lv[16] = "";
    if (levels > 0) {
        snprintf(lv, sizeof(lv), "x%u", (unsigned)levels);
    }
    fprintf(f, "  grid                 %s %ux%u%s%s\n", maze_grid_kind_name(g),
            maze_grid_width(g), maze_grid_height(g), lv,
            maze_grid_masked(g) ? ", masked" : "");
    char bias[128];
    maze_bias_format(&p->bias, maze_grid_kind(g), bias, sizeof(bias));
    fprintf(f, "  bias                 %s\n", bias);
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
        fprintf(f, "%s %s %.1f%%", c ? "," : "", k->class_names[c],
                percent(m->by_class[c], m->passages));
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
    printf("{\"grid\": \"%s\", \"masked\": %s, ", maze_grid_kind_name(g),
           maze_grid_masked(g) ? "true" : "false");
    /* The seed as a string, as the wall-graph file writes it: a JSON
     * number past 2^53 loses digits in most readers (jq, JavaScript). */
    printf("\"width\": %u, \"height\": %u, \"levels\": %u, "
           "\"algorithm\": \"%s\", \"seed\": \"%llu\", \"bias\": \"%s\", "
           "\"params\": \"%s\", \"perfect\": %s, ",
           maze_grid_width(g), maze_grid_height(g), levels ? levels : 1,
           p->algorithm, (unsigned long long)p->seed, bias, p->params,
           p->perfect ? "true" : "false");
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
        printf("%s\"%s\": %llu", c ? ", " : "", k->class_names[c],
               (unsigned long long)m->by_class[c]);
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
