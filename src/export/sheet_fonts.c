/* SPDX-License-Identifier: MIT */
/*
 * The fonts of sheet text, and the Pango context that shapes it. The one
 * design decision: the library names its fonts itself and shows fontconfig
 * nothing else. It builds a fontconfig configuration of its own (the
 * system's font directories and caches, none of the system's rules) that
 * accepts only the families of FAMILIES, so a title falls back from DejaVu
 * Sans to exactly those faces, in that order, and a machine set up by the
 * README (tools/packages-build.txt) draws the same bytes as any other.
 * Only where DejaVu Sans is missing altogether does the library fall back
 * to the system's own configuration, so text still prints, in whatever
 * faces that machine has.
 *
 * Arabic and Hebrew runs are set in Noto Sans Arabic and Noto Sans Hebrew
 * before DejaVu Sans (which has some of their letters, drawn less well);
 * every other character takes the first family of the list that has it,
 * emoji and symbols the others lack Symbola (monochrome outlines, embedded
 * like any face). A character no family has would print as a box holding
 * its code point: maze__type_missing() finds them, so a sheet refuses
 * them instead.
 */
/* MAP_ANONYMOUS and MAP_NORESERVE. */
#define _DEFAULT_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>

#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>

#include "core/status_impl.h"
#include "core/utf8.h"
#include "export/sheet_impl.h"

/* The families, in fallback order: Latin, Greek and Cyrillic (DejaVu
 * Sans); Chinese, Japanese and Korean (Noto Sans CJK JP, with Japanese
 * forms of shared ideographs); Arabic; Hebrew; emoji and symbols
 * (Symbola, Unicode 9.0). */
#define FAMILIES                                                               \
    "DejaVu Sans,Noto Sans CJK JP,Noto Sans Arabic,Noto Sans Hebrew,Symbola"
#define ARABIC_FAMILIES "Noto Sans Arabic," FAMILIES
#define HEBREW_FAMILIES "Noto Sans Hebrew," FAMILIES

/* The configuration: where fonts are, where their caches are, and which
 * families to see. No <include>: no rule of the system's changes a face
 * or its rendering. */
static const char config_xml[] =
    "<?xml version=\"1.0\"?>\n"
    "<!DOCTYPE fontconfig SYSTEM \"urn:fontconfig:fonts.dtd\">\n"
    "<fontconfig>\n"
    "  <dir>/usr/share/fonts</dir>\n"
    "  <dir>/usr/local/share/fonts</dir>\n"
    "  <cachedir>/var/cache/fontconfig</cachedir>\n"
    "  <cachedir prefix=\"xdg\">fontconfig</cachedir>\n"
    "  <selectfont>\n"
    "    <acceptfont>\n"
    "      <pattern><patelt name=\"family\"><string>DejaVu Sans</string>"
    "</patelt></pattern>\n"
    "      <pattern><patelt name=\"family\"><string>Noto Sans CJK JP</string>"
    "</patelt></pattern>\n"
    "      <pattern><patelt name=\"family\"><string>Noto Sans Arabic</string>"
    "</patelt></pattern>\n"
    "      <pattern><patelt name=\"family\"><string>Noto Sans Hebrew</string>"
    "</patelt></pattern>\n"
    "      <pattern><patelt name=\"family\"><string>Symbola</string>"
    "</patelt></pattern>\n"
    "    </acceptfont>\n"
    "    <rejectfont><pattern/></rejectfont>\n"
    "  </selectfont>\n"
    "</fontconfig>\n";

/* Made once, kept for the life of the process: NULL means the system's
 * configuration. */
static FcConfig *config;
/* Whether the system's configuration was loaded here (Pango loads it
 * whichever configuration its map is given). */
static bool system_loaded;

/*
 * The one font map and context of the process, made once and never
 * released, and the lock every use of them takes. Pango 1.50's fontconfig
 * font map hands its font matching to a worker thread and lets that thread
 * drop the last reference to a font pattern, which then leaves the map's
 * tables unlocked while this thread may be changing them: when patterns
 * come and go (a font map per sheet, a size per fitting step), a busy
 * machine saw heap corruption in one run of a few hundred. So the map
 * lives as long as the process, and all text is set at one nominal size
 * and scaled (sheet_text.c): a handful of patterns is made, early, and
 * none is ever freed. A map is not safe to share between threads; the
 * lock makes it so.
 */
static PangoContext *context;
static pthread_once_t made = PTHREAD_ONCE_INIT;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* A sheet's handle on the shared fonts. */
struct maze__type {
    PangoContext *context;
};

/* Whether c holds a regular face of DejaVu Sans. */
static bool
has_primary(FcConfig *c)
{
    FcPattern *p = FcPatternCreate();
    FcObjectSet *os = FcObjectSetBuild(FC_FILE, (char *)NULL);
    FcFontSet *fs = NULL;
    if (p != NULL && os != NULL &&
        FcPatternAddString(p, FC_FAMILY, (const FcChar8 *)"DejaVu Sans")) {
        fs = FcFontList(c, p, os);
    }
    bool found = fs != NULL && fs->nfont > 0;
    if (fs != NULL) {
        FcFontSetDestroy(fs);
    }
    if (os != NULL) {
        FcObjectSetDestroy(os);
    }
    if (p != NULL) {
        FcPatternDestroy(p);
    }
    return found;
}

static void
make_config(void)
{
    FcConfig *c = FcConfigCreate();
    if (c == NULL) {
        return;
    }
    if (FcConfigParseAndLoadFromMemory(c, (const FcChar8 *)config_xml,
                                       FcTrue) &&
        FcConfigBuildFonts(c) && has_primary(c)) {
        config = c;
        return;
    }
    FcConfigDestroy(c);
}

static void
make_fonts(void)
{
    /* The system's configuration too, now: Pango's worker thread loads it
     * when the map is made, and then finds it done. */
    system_loaded = FcInit();
    make_config();
    PangoFontMap *m =
        pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    if (m == NULL) {
        return;
    }
    if (config != NULL) {
        pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(m), config);
    }
    PangoContext *c = pango_font_map_create_context(m);
    if (c == NULL) {
        g_object_unref(m);
        return;
    }
    /* Unhinted metrics and unrounded positions: text measured while
     * planning is exactly as wide on a PDF, SVG or PNG page, and scales
     * linearly from the nominal size. */
    cairo_font_options_t *fo = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
    pango_cairo_context_set_font_options(c, fo);
    cairo_font_options_destroy(fo);
    pango_context_set_round_glyph_positions(c, FALSE);
    /* Not the locale's: output does not depend on it. */
    pango_context_set_language(c, pango_language_from_string("en"));
    /* The context keeps the map. */
    context = c;
}

/*
 * The address space Pango may take on its first use: the faces mapped,
 * their caches, the stacks of its threads and their malloc arenas (64 MiB
 * each in glibc on 64-bit systems), which take what room there is and so
 * leave none for the next thread. Measured: from 19 MiB to a peak of 234
 * MiB for a sheet with Latin, Japanese and Arabic text (Debian 12: Pango
 * 1.50, GLib 2.74, glibc 2.36); under a limit on the address space a
 * little below that, Pango dies some of the time. Later uses: room for
 * the stacks of the threads that sort and match fonts.
 */
#define TYPE_FIRST_ROOM ((size_t)224 << 20)
#define TYPE_THREADS 4

static void *
no_work(void *arg)
{
    return arg;
}

/*
 * Whether Pango can run here. It starts threads of its own (fontconfig's
 * loading, sorting and matching) and, through GLib, aborts the process
 * (SIGTRAP) when one cannot be made, as under a low `ulimit -v`. So,
 * before every use: a thread is made and joined, and under a limit on
 * the address space the room Pango takes is reserved and given back.
 * Errors: MAZE_ERR_NOMEM with a detail.
 */
static int
room_for_type(void)
{
    pthread_attr_t attr;
    size_t stack = (size_t)8 << 20;
    if (pthread_attr_init(&attr) == 0) {
        pthread_attr_getstacksize(&attr, &stack);
        pthread_attr_destroy(&attr);
    }
    struct rlimit lim;
    if (getrlimit(RLIMIT_AS, &lim) == 0 && lim.rlim_cur != RLIM_INFINITY) {
        size_t need = context == NULL ? TYPE_FIRST_ROOM : TYPE_THREADS * stack;
        void *p = mmap(NULL, need, PROT_NONE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (p == MAP_FAILED) {
            return maze__fail(MAZE_ERR_NOMEM,
                              "sheet text: Pango needs about %zu MiB of "
                              "address space for its fonts and threads, "
                              "more than the limit of %llu MiB (ulimit -v) "
                              "leaves free; expected a higher limit",
                              need >> 20,
                              (unsigned long long)(lim.rlim_cur >> 20));
        }
        munmap(p, need);
    }
    pthread_t t;
    int e = pthread_create(&t, NULL, no_work, NULL);
    if (e != 0) {
        return maze__fail(MAZE_ERR_NOMEM,
                          "sheet text: cannot start a thread (%s), which "
                          "Pango needs; expected a higher limit on memory "
                          "(ulimit -v) or processes (ulimit -u)",
                          strerror(e));
    }
    pthread_join(t, NULL);
    return MAZE_OK;
}

int
maze__type_create(struct maze__type **out)
{
    int rc = room_for_type();
    if (rc != MAZE_OK) {
        return rc;
    }
    pthread_once(&made, make_fonts);
    if (context == NULL) {
        return MAZE_ERR_BACKEND;
    }
    struct maze__type *t = malloc(sizeof(*t));
    if (t == NULL) {
        return MAZE_ERR_NOMEM;
    }
    t->context = context;
    *out = t;
    return MAZE_OK;
}

void
maze__type_destroy(struct maze__type *t)
{
    free(t);
}

void
maze__type_release(void)
{
    pthread_mutex_lock(&lock);
    if (context != NULL) {
        PangoFontMap *m = pango_context_get_font_map(context);
        pango_fc_font_map_shutdown(PANGO_FC_FONT_MAP(m));
        /* The map takes a reference on its configuration and, in Pango
         * 1.50, does not give it back when finalised: giving the map no
         * configuration is what releases it. */
        pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(m), NULL);
        g_object_unref(context);
        g_object_unref(m);
        context = NULL;
    }
    if (config != NULL) {
        FcConfigDestroy(config);
        config = NULL;
    }
    /* fontconfig's current configuration goes too. FcFini() would do it,
     * but aborts while any font pattern is still referenced, which Pango's
     * font thread may do for a moment after its map is gone; dropping the
     * configuration's reference frees it once nothing else holds it. */
    if (system_loaded) {
        FcConfigDestroy(FcConfigGetCurrent());
        system_loaded = false;
    }
    pthread_mutex_unlock(&lock);
}

void
maze_release(void)
{
    maze__type_release();
    cairo_debug_reset_static_data();
}

void
maze__type_lock(void)
{
    pthread_mutex_lock(&lock);
}

void
maze__type_unlock(void)
{
    pthread_mutex_unlock(&lock);
}

/* Adds a family attribute over [start, end) of the layout's text. */
static void
add_family(PangoAttrList *attrs, const char *families, size_t start, size_t end)
{
    PangoAttribute *a = pango_attr_family_new(families);
    a->start_index = (guint)start;
    a->end_index = (guint)end;
    pango_attr_list_insert(attrs, a);
}

/* Arabic and Hebrew runs (from the first to the last letter of the
 * script, across the spaces and marks between) in their own faces. */
static void
script_faces(PangoAttrList *attrs, const char *text)
{
    GUnicodeScript run = G_UNICODE_SCRIPT_COMMON;
    size_t start = 0, end = 0;
    for (const char *p = text; *p; p = g_utf8_next_char(p)) {
        GUnicodeScript s = g_unichar_get_script(g_utf8_get_char(p));
        size_t at = (size_t)(p - text);
        size_t next = (size_t)(g_utf8_next_char(p) - text);
        if (s == G_UNICODE_SCRIPT_COMMON || s == G_UNICODE_SCRIPT_INHERITED) {
            continue;
        }
        if (s == run) {
            end = next;
            continue;
        }
        if (run != G_UNICODE_SCRIPT_COMMON) {
            add_family(attrs,
                       run == G_UNICODE_SCRIPT_ARABIC ? ARABIC_FAMILIES
                                                      : HEBREW_FAMILIES,
                       start, end);
        }
        bool own = s == G_UNICODE_SCRIPT_ARABIC || s == G_UNICODE_SCRIPT_HEBREW;
        run = own ? s : G_UNICODE_SCRIPT_COMMON;
        start = at;
        end = next;
    }
    if (run != G_UNICODE_SCRIPT_COMMON) {
        add_family(attrs,
                   run == G_UNICODE_SCRIPT_ARABIC ? ARABIC_FAMILIES
                                                  : HEBREW_FAMILIES,
                   start, end);
    }
}

bool
maze__type_rtl(const char *text)
{
    /* The first strong character decides, as in Unicode's bidi rule P2:
     * Hebrew and Arabic (with their presentation forms) read right to
     * left; other letters left to right; digits, spaces and punctuation
     * wait for one. */
    size_t n = strlen(text);
    for (size_t i = 0; i < n;) {
        uint32_t cp;
        size_t len =
            maze__utf8_decode((const unsigned char *)text + i, n - i, &cp);
        if (len == 0) {
            return false;
        }
        i += len;
        if ((cp >= 0x590 && cp <= 0x8ff) || (cp >= 0xfb1d && cp <= 0xfdff) ||
            (cp >= 0xfe70 && cp <= 0xfeff)) {
            return true;
        }
        bool neutral =
            (cp < 0x80 && !((cp | 0x20) >= 'a' && (cp | 0x20) <= 'z')) ||
            (cp >= 0x2000 && cp <= 0x206f) || cp == 0xa0;
        if (!neutral) {
            return false;
        }
    }
    return false;
}

PangoLayout *
maze__type_layout(struct maze__type *t, const char *text, bool bold)
{
    PangoLayout *l = pango_layout_new(t->context);
    PangoFontDescription *fd = pango_font_description_new();
    pango_font_description_set_family_static(fd, FAMILIES);
    pango_font_description_set_weight(fd, bold ? PANGO_WEIGHT_BOLD
                                               : PANGO_WEIGHT_NORMAL);
    pango_font_description_set_absolute_size(fd,
                                             MAZE__TYPE_NOMINAL * PANGO_SCALE);
    pango_layout_set_font_description(l, fd);
    pango_font_description_free(fd);
    pango_layout_set_text(l, text, -1);
    PangoAttrList *attrs = pango_attr_list_new();
    script_faces(attrs, text);
    pango_layout_set_attributes(l, attrs);
    pango_attr_list_unref(attrs);
    return l;
}

size_t
maze__type_missing(struct maze__type *t, const char *text, bool bold,
                   uint32_t *out, size_t max)
{
    size_t n = 0;
    maze__type_lock();
    PangoLayout *l = maze__type_layout(t, text, bold);
    PangoLayoutIter *it = pango_layout_get_iter(l);
    do {
        PangoLayoutRun *run = pango_layout_iter_get_run_readonly(it);
        for (int i = 0; run != NULL && i < run->glyphs->num_glyphs; i++) {
            PangoGlyph g = run->glyphs->glyphs[i].glyph;
            /* Pango's box for a character no face has: the character,
             * flagged. */
            if (g == PANGO_GLYPH_INVALID_INPUT ||
                !(g & PANGO_GLYPH_UNKNOWN_FLAG)) {
                continue;
            }
            uint32_t cp = g & ~PANGO_GLYPH_UNKNOWN_FLAG;
            bool seen = false;
            for (size_t k = 0; k < n && k < max; k++) {
                seen = seen || out[k] == cp;
            }
            if (!seen) {
                if (n < max) {
                    out[n] = cp;
                }
                n++;
            }
        }
    } while (pango_layout_iter_next_run(it));
    pango_layout_iter_free(it);
    g_object_unref(l);
    maze__type_unlock();
    return n;
}
