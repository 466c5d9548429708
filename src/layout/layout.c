/* PLACEHOLDER: replaced by the layout. */
#include <string.h>
#include "layout/layout.h"
#include <mazegen/status.h>
int
maze__layout_build(const struct maze *maze, const struct maze_path *solution,
                   struct maze__layout *out)
{
    (void)maze, (void)solution;
    memset(out, 0, sizeof(*out));
    return MAZE_ERR_UNSUPPORTED;
}
void
maze__layout_finish(struct maze__layout *layout)
{
    (void)layout;
}
