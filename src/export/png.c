/* PLACEHOLDER: replaced by the PNG exporter. */
#include "export/export_impl.h"
static const char *const ext[] = {"png", NULL};
static int
w(const struct maze *m, const struct maze_export_options *o,
  const struct maze_sink *s)
{
    (void)m, (void)o, (void)s;
    return MAZE_ERR_UNSUPPORTED;
}
const struct maze__exporter maze__export_png = {{"png", ext, "png", MAZE_FORMAT_RASTER}, w};
