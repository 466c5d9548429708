/* PLACEHOLDER: replaced by the SVG and PDF exporters. */
#include "export/export_impl.h"
static const char *const svg_ext[] = {"svg", NULL};
static const char *const pdf_ext[] = {"pdf", NULL};
static int
w(const struct maze *m, const struct maze_export_options *o,
  const struct maze_sink *s)
{
    (void)m, (void)o, (void)s;
    return MAZE_ERR_UNSUPPORTED;
}
const struct maze__exporter maze__export_svg = {{"svg", svg_ext, "svg", MAZE_FORMAT_VECTOR}, w};
const struct maze__exporter maze__export_pdf = {{"pdf", pdf_ext, "pdf", MAZE_FORMAT_VECTOR | MAZE_FORMAT_PAGED}, w};
