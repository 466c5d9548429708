/* SPDX-License-Identifier: MIT */
/*
 * What each option does to a job (maze__job_set_one()), once its text is
 * read by maze_option_parse(): one case a row, by the row's id. Options
 * that only mean something together are checked later, all at once
 * (maze_job_check()).
 */
#include <string.h>

#include "job/difficulty.h"
#include "job/job_impl.h"
#include "job/sheets.h"
#include "job/watch.h"

/* The three --openings placements, in the row's order (the library's
 * names; "corners" is the streamed maze's and is not offered). */
static const enum maze_endpoints openings[] = {MAZE_ENDPOINTS_LONGEST,
                                               MAZE_ENDPOINTS_LEFT_RIGHT,
                                               MAZE_ENDPOINTS_TOP_BOTTOM};

/* Catalogue options: the algorithm's parameters and shaping. */
static bool
set_catalogue(const struct maze_option *o, const struct maze_option_value *v,
              struct maze_job *opt)
{
    switch (o->id) {
    case MAZE_OPT_GROWING:
        (void)maze_growing_parse(v->text, &opt->growing);
        opt->growing_set = true;
        return true;
    case MAZE_OPT_ROOMS:
        opt->rooms = (uint32_t)v->number;
        opt->rooms_set = true;
        return true;
    case MAZE_OPT_FRACTAL:
        opt->fractal = (uint32_t)v->number;
        opt->fractal_set = true;
        return true;
    case MAZE_OPT_WEAVE:
        opt->weave_set = true;
        opt->weave = v->text ? (uint32_t)v->number : 0;
        return true;
    case MAZE_OPT_BRAID:
        opt->braid = (uint32_t)v->number;
        opt->braid_set = true;
        return true;
    case MAZE_OPT_UNICURSAL:
        opt->unicursal = true;
        return true;
    case MAZE_OPT_STATS:
        opt->stats = v->number == 0 ? JOB_STATS_TEXT : JOB_STATS_JSON;
        return true;
    case MAZE_OPT_DIFFICULTY:
        opt->difficulty = maze__job_difficulty_parse(v->text);
        return opt->difficulty != NULL;
    default:
        return false;
    }
}

/* The SVG options: recorded with the first one given, for the check that
 * the output is SVG. */
static bool
set_svg(const struct maze_option *o, const struct maze_option_value *v,
        struct maze_job *opt)
{
    switch (o->id) {
    case MAZE_OPT_ID_PREFIX:
        opt->svg.id_prefix = v->text;
        break;
    case MAZE_OPT_BACKGROUND:
        opt->svg.background =
            v->number == 0 ? MAZE_BACKGROUND_WHITE : MAZE_BACKGROUND_NONE;
        break;
    default:
        opt->svg.plotter = true;
        break;
    }
    opt->svg_why = opt->svg_why ? opt->svg_why : maze_option_label(o);
    return true;
}

bool
maze__job_set_one(struct maze_job *opt, const struct maze_option *o,
                  const struct maze_option_value *v)
{
    switch (o->id) {
    case MAZE_OPT_WIDTH:
        opt->width = (uint32_t)v->number;
        opt->width_set = true;
        return true;
    case MAZE_OPT_HEIGHT:
        opt->height = (uint32_t)v->number;
        opt->height_set = true;
        return true;
    case MAZE_OPT_ALGORITHM:
        opt->algorithm = v->text;
        return true;
    case MAZE_OPT_GRID:
        opt->kind = maze_grid_kind_find(v->text);
        return true;
    case MAZE_OPT_MASK:
        opt->mask_path = v->text;
        return maze__job_data_replace(opt, o->id);
    case MAZE_OPT_MASK_INVERT:
        opt->mask_invert = true;
        return true;
    case MAZE_OPT_LEVELS:
        /* Bounded again by the kind (a 3D grid takes 1 to 64). */
        opt->levels = (uint32_t)v->number;
        return true;
    case MAZE_OPT_PANELS:
        opt->panels = (uint32_t)v->number;
        return true;
    case MAZE_OPT_CENTRE:
        opt->centre = (uint32_t)v->number;
        return true;
    case MAZE_OPT_BIAS:
        /* Read once the grid kind, which names the classes, is known. */
        opt->bias_text = v->text;
        opt->bias_set = true;
        return true;
    case MAZE_OPT_SEED:
        opt->seed = v->number;
        opt->seed_set = true;
        return true;
    case MAZE_OPT_OUTPUT:
        opt->output = v->text;
        return true;
    case MAZE_OPT_FORMAT:
        opt->format = v->text;
        return true;
    case MAZE_OPT_CELL_SIZE:
    case MAZE_OPT_WALL_WIDTH:
    case MAZE_OPT_MARGIN: {
        struct maze__job_length *l =
            o->id == MAZE_OPT_CELL_SIZE    ? &opt->cell_size
            : o->id == MAZE_OPT_WALL_WIDTH ? &opt->wall_width
                                           : &opt->margin;
        *l = (struct maze__job_length){v->length, v->bare};
        return true;
    }
    case MAZE_OPT_DPI:
        opt->dpi = (unsigned)v->number;
        return true;
    case MAZE_OPT_CHARSET:
        opt->charset = (enum maze_charset)v->number;
        return true;
    case MAZE_OPT_BLOCKS:
        opt->blocks = v->text;
        return true;
    case MAZE_OPT_INTERACTIVE:
        opt->interactive = true;
        return true;
    case MAZE_OPT_PLAY:
        opt->play = true;
        return true;
    case MAZE_OPT_START:
    case MAZE_OPT_FINISH: {
        struct maze__job_point *p =
            o->id == MAZE_OPT_START ? &opt->start : &opt->finish;
        *p = (struct maze__job_point){
            .set = true, .text = v->text, .count = v->cell_count};
        memcpy(p->v, v->cell, sizeof(p->v));
        return true;
    }
    case MAZE_OPT_OPENINGS:
        opt->openings = openings[v->number];
        opt->openings_set = true;
        return true;
    case MAZE_OPT_FORCE:
        opt->force = true;
        return true;
    case MAZE_OPT_SOLUTION:
        opt->solution = true;
        return true;
    case MAZE_OPT_ANSWER_KEY:
        opt->answer_key = v->text;
        return true;
    case MAZE_OPT_LOAD:
        /* Given more than once, the files make a book (manifest.c). */
        if (!maze__job_data_replace(opt, o->id)) {
            return false;
        }
        opt->load = v->text;
        if (!maze__job_entry_add(opt, opt->entry_count, "load", v->text)) {
            (void)maze__job_fail(MAZE_ERR_NOMEM, "--load: %s",
                                 maze_strerror(MAZE_ERR_NOMEM));
            return false;
        }
        return true;
    case MAZE_OPT_JOB:
        /* Read and applied by maze_job_set() (job.c). */
        return true;
    case MAZE_OPT_HELP:
    case MAZE_OPT_VERSION:
    case MAZE_OPT_COMPLETIONS:
        /* The program acts on them; the job records that they were
         * given (maze_job_given()). */
        return true;
    case MAZE_OPT_VERBOSE:
        opt->verbose = true;
        return true;
    case MAZE_OPT_QUIET:
        opt->quiet = true;
        return true;
    case MAZE_OPT_STREAM:
        opt->stream = true;
        return true;
    case MAZE_OPT_MAX_MEMORY:
        opt->max_memory = v->number;
        return true;
    case MAZE_OPT_THREADS:
        opt->threads = (unsigned)v->number;
        return true;
    case MAZE_OPT_ID_PREFIX:
    case MAZE_OPT_BACKGROUND:
    case MAZE_OPT_PLOTTER:
        return set_svg(o, v, opt);
    default:
        if (o->group == MAZE_GROUP_WATCH) {
            return maze__job_parse_watch_option(o, v, opt);
        }
        if (o->group == MAZE_GROUP_SHEET) {
            return maze__job_parse_sheet_option(o, v, opt);
        }
        return set_catalogue(o, v, opt);
    }
}
