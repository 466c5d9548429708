/* SPDX-License-Identifier: MIT */
/*
 * A core build's stand-ins (meson -Ddrawing=disabled) for what only
 * cairo and Pango draw: the pdf and sheet formats, PNG of any grid but a
 * whole rectangle, and sheets. The library keeps every public function
 * and every format name, so a program links against either build and
 * asks at run time; what this build cannot draw is refused with
 * MAZE_ERR_UNSUPPORTED and a detail that says why, and the formats' draws
 * bits say so before anything is made (pdf and sheet draw nothing here).
 */
#include <stddef.h>

#include "core/grid_impl.h"
#include "core/maze_impl.h"
#include "core/status_impl.h"
#include "export/export_impl.h"
#include "export/png_impl.h"
#include "export/sheet.h"
#include <mazegen/sheet.h>

/* The one sentence every refusal ends with. */
#define NO_DRAWING                                                             \
    "needs a build with drawing (cairo and Pango), and this one has none "     \
    "(-Ddrawing=disabled)"

static int
no_sheets(void)
{
    return maze__fail(MAZE_ERR_UNSUPPORTED, "sheets: " NO_DRAWING);
}

static int
no_pdf(const struct maze *maze, const struct maze_export_options *opt,
       const struct maze_sink *sink)
{
    (void)maze;
    (void)opt;
    (void)sink;
    return maze__fail(MAZE_ERR_UNSUPPORTED, "PDF " NO_DRAWING);
}

static const char *const pdf_ext[] = {"pdf", NULL};
static const char *const no_ext[] = {NULL};

const struct maze__exporter maze__export_pdf = {
    .info =
        {
            .name = "pdf",
            .extensions = pdf_ext,
            .description = "PDF (not in this build: it has no drawing)",
            .flags = MAZE_FORMAT_VECTOR | MAZE_FORMAT_PAGED,
            .unit = MAZE_UNIT_PT,
            .dpi = 96,
        },
    .write = no_pdf,
};

const struct maze__exporter maze__export_sheet = {
    .info =
        {
            .name = "sheet",
            .extensions = no_ext,
            .description =
                "PDF puzzle pages (not in this build: it has no drawing)",
            .flags = MAZE_FORMAT_VECTOR | MAZE_FORMAT_PAGED,
            .unit = MAZE_UNIT_PT,
            .dpi = 96,
        },
    .write = no_pdf,
};

int
maze__png_write_bands(const struct maze *m,
                      const struct maze_export_options *opt,
                      const struct maze_sink *sink)
{
    (void)opt;
    (void)sink;
    return maze__fail(MAZE_ERR_UNSUPPORTED,
                      "PNG of a %s maze other than a whole rectangle of one "
                      "wall width " NO_DRAWING,
                      m->grid->kind->info.name);
}

int
maze__png_band_page(const struct maze_grid *g, double ew, double eh,
                    unsigned levels, double passage,
                    const struct maze_export_options *opt,
                    struct maze__page *pg)
{
    (void)g;
    (void)ew;
    (void)eh;
    (void)levels;
    (void)passage;
    (void)opt;
    (void)pg;
    return maze__fail(MAZE_ERR_UNSUPPORTED,
                      "PNG of grids other than whole rectangles " NO_DRAWING);
}

int
maze__sheet_plan(const struct maze_puzzle *puzzles, size_t count,
                 const struct maze_export_options *opt,
                 const struct maze_sheet_options *so, bool raster,
                 struct maze__sheet *out)
{
    (void)puzzles;
    (void)count;
    (void)opt;
    (void)so;
    (void)raster;
    (void)out;
    return no_sheets();
}

int
maze__sheet_plan_maze(const struct maze *maze,
                      const struct maze_export_options *opt, bool raster,
                      struct maze_puzzle *puzzle, struct maze__sheet *out)
{
    (void)maze;
    (void)opt;
    (void)raster;
    (void)puzzle;
    (void)out;
    return no_sheets();
}

void
maze__sheet_finish(struct maze__sheet *sheet)
{
    (void)sheet;
}

int
maze_sheet_fit(const struct maze_export_options *opt,
               const struct maze_sheet_options *sheet, double width,
               double height, double *cell_pt)
{
    (void)opt;
    (void)sheet;
    (void)width;
    (void)height;
    (void)cell_pt;
    return no_sheets();
}

int
maze_sheet_key_fit(const struct maze_export_options *opt,
                   const struct maze_sheet_options *sheet, double width,
                   double height, double cell_pt, double *key_pt,
                   double *floor_pt)
{
    (void)opt;
    (void)sheet;
    (void)width;
    (void)height;
    (void)cell_pt;
    (void)key_pt;
    (void)floor_pt;
    return no_sheets();
}

int
maze_sheet_capacity(const struct maze_export_options *opt,
                    const struct maze_sheet_options *sheet, double cell_pt,
                    uint32_t *width, uint32_t *height)
{
    (void)opt;
    (void)sheet;
    (void)cell_pt;
    (void)width;
    (void)height;
    return no_sheets();
}

int
maze_sheet_text_check(const struct maze_export_options *opt,
                      const struct maze_sheet_options *sheet, size_t count,
                      const char *footer, enum maze_sheet_text *what,
                      size_t *fits)
{
    (void)opt;
    (void)sheet;
    (void)count;
    (void)footer;
    (void)what;
    (void)fits;
    return no_sheets();
}

/* Nothing is held: no fonts, no cairo. */
void
maze_release(void)
{
}
