/* SPDX-License-Identifier: MIT */
/*
 * libmazegen: generate mazes and export them as text, PNG, SVG and PDF.
 *
 * The API at a glance:
 *
 *     struct maze_grid *grid;              grid.h: cells, neighbours, geometry
 *     maze_grid_create_rect(20, 20, &grid);
 *     struct maze *maze;                   maze.h: one bit per edge + endpoints
 *     maze_create(grid, &maze);
 *     struct maze_generate_options g = MAZE_GENERATE_OPTIONS_INIT;
 *     g.algorithm = "kruskal";
 *     maze_generate(maze, &g);             generate.h: the algorithm registry
 *     struct maze_path *path;
 *     maze_solve(maze, &path);             solve.h: shortest and longest paths
 *     struct maze_export_options e = MAZE_EXPORT_OPTIONS_INIT;
 *     e.solution = path;
 *     maze_export(maze, "svg", &e, &sink); export.h: the format registry
 *     maze_path_destroy(path);
 *     maze_destroy(maze);
 *     maze_grid_destroy(grid);
 *
 * A maze saved in the "json" format (a wall-graph file) comes back, with
 * the same passages, endpoints and provenance, through
 *
 *     maze_load_json(data, len, &grid, &maze, &err);  load.h
 *
 * Return convention: fallible functions return MAZE_OK (0) or a negative
 * enum maze_status (status.h); maze_strerror() describes it and
 * maze_error_detail() says what was wrong. Option structs start from
 * their MAZE_..._INIT macro, which records their size, so they can grow
 * without breaking programs built before (version.h). Objects come
 * back through out-parameters, are freed by the matching *_destroy(), and
 * every *_destroy() accepts NULL. The library never prints, never exits and
 * writes only to the sinks it is given, and to the files a file sink is
 * asked to make (file.h: whole or not at all). Same inputs and seed give the
 * same bytes on every machine.
 */
#ifndef MAZEGEN_MAZEGEN_H
#define MAZEGEN_MAZEGEN_H

#include <mazegen/status.h>
#include <mazegen/rng.h>
#include <mazegen/grid.h>
#include <mazegen/mask.h>
#include <mazegen/maze.h>
#include <mazegen/generate.h>
#include <mazegen/solve.h>
#include <mazegen/shape.h>
#include <mazegen/metrics.h>
#include <mazegen/sink.h>
#include <mazegen/units.h>
#include <mazegen/paper.h>
#include <mazegen/sheet.h>
#include <mazegen/export.h>
#include <mazegen/load.h>
#include <mazegen/progress.h>
#include <mazegen/stream.h>
#include <mazegen/steps.h>
#include <mazegen/animate.h>
#include <mazegen/option.h>
#include <mazegen/job.h>
#include <mazegen/file.h>
#include <mazegen/version.h>

#endif
