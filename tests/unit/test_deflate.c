/* SPDX-License-Identifier: MIT */
/*
 * The threaded deflater of the PNG exporter (export/png_deflate.c): its
 * stream inflates, with zlib's own checks of the header and the
 * Adler-32, to the bytes handed in, whatever their length (none, under a
 * block, a block less one, exactly one or several blocks, a block and a
 * byte), and when a block holds several deflate blocks; it is
 * byte-identical on 1, 2, 3 and 7 threads and whatever the
 * sizes the bytes came in; and an output that fails at its n-th piece
 * gives that error once, with nothing handed out after it; and what it
 * allocates is within the png format's memory per thread.
 */
#include <malloc.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <zlib.h>

#include <mazegen/mazegen.h>

#include "export/png_deflate.h"
#include "membuf.h"

/* The stream as handed out, and a failure to give at piece fail_at. */
struct collected {
    struct membuf buf;
    unsigned long pieces, fail_at, after;
};

static int
collect_out(void *ctx, const uint8_t *data, size_t len)
{
    struct collected *c = ctx;
    c->pieces++;
    if (c->fail_at != 0 && c->pieces > c->fail_at) {
        c->after++;
    }
    if (c->fail_at != 0 && c->pieces >= c->fail_at) {
        return MAZE_ERR_IO;
    }
    size_t end = c->buf.len + len;
    uint8_t *p = realloc(c->buf.data, end > 0 ? end : 1);
    assert_non_null(p);
    memcpy(p + c->buf.len, data, len);
    c->buf.data = (char *)p;
    c->buf.len = end;
    return MAZE_OK;
}

/* Bytes like an image's: long runs, repeated rows and some noise. */
static uint8_t *
sample(size_t len)
{
    uint8_t *p = malloc(len > 0 ? len : 1);
    assert_non_null(p);
    uint64_t x = 0x9e3779b97f4a7c15u;
    for (size_t i = 0; i < len; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        p[i] = i % 4099 < 3000 ? (uint8_t)(i / 64) : (uint8_t)x;
    }
    return p;
}

/* Deflates data in pieces of `step` bytes on `threads` threads; returns
 * the status of finishing. */
static int
run(const uint8_t *data, size_t len, size_t step, unsigned threads,
    struct collected *c)
{
    struct maze__deflate *d;
    assert_int_equal(maze__deflate_create(threads, len, collect_out, c, &d),
                     MAZE_OK);
    int rc = MAZE_OK;
    for (size_t at = 0; at < len && rc == MAZE_OK; at += step) {
        size_t n = len - at < step ? len - at : step;
        rc = maze__deflate_write(d, data + at, n);
    }
    if (rc == MAZE_OK) {
        rc = maze__deflate_finish(d);
    } else {
        assert_int_equal(maze__deflate_finish(d), rc);
    }
    maze__deflate_destroy(d);
    return rc;
}

static void
expect_inflates_to(const struct membuf *z, const uint8_t *data, size_t len)
{
    uLongf n = len + 1;
    uint8_t *out = malloc(n);
    assert_non_null(out);
    assert_int_equal(uncompress(out, &n, (const Bytef *)z->data, z->len), Z_OK);
    assert_int_equal(n, len);
    assert_memory_equal(out, data, len);
    free(out);
}

static void
test_deflate_round_trip(void **state)
{
    (void)state;
    const size_t B = MAZE__DEFLATE_BLOCK;
    const size_t lengths[] = {0, 1, 1000, B - 1, B, B + 1, 3 * B, 3 * B + 4321};
    const unsigned threads[] = {1, 2, 3, 7};
    for (size_t i = 0; i < sizeof(lengths) / sizeof(lengths[0]); i++) {
        size_t len = lengths[i];
        uint8_t *data = sample(len);
        struct collected one = {0};
        assert_int_equal(run(data, len, len > 0 ? len : 1, 1, &one), MAZE_OK);
        expect_inflates_to(&one.buf, data, len);
        /* A block a piece: the stream is cut where the blocks end. */
        assert_int_equal(one.pieces, len / B + 1);
        for (size_t t = 0; t < sizeof(threads) / sizeof(threads[0]); t++) {
            /* Odd piece sizes, so blocks fill across calls. */
            struct collected c = {0};
            assert_int_equal(run(data, len, 777 + 1000 * t, threads[t], &c),
                             MAZE_OK);
            assert_int_equal(c.buf.len, one.buf.len);
            assert_memory_equal(c.buf.data, one.buf.data, c.buf.len);
            free(c.buf.data);
        }
        free(one.buf.data);
        free(data);
    }
}

/* The deflate blocks of the zlib stream z, counted by inflating it a
 * block at a time. */
static unsigned
deflate_blocks(const struct membuf *z, size_t len)
{
    z_stream in = {0};
    assert_int_equal(inflateInit(&in), Z_OK);
    uint8_t *out = malloc(len + 1);
    assert_non_null(out);
    in.next_in = (Bytef *)z->data;
    in.avail_in = (uInt)z->len;
    in.next_out = out;
    in.avail_out = (uInt)len + 1;
    unsigned blocks = 0;
    int zr;
    while ((zr = inflate(&in, Z_BLOCK)) == Z_OK) {
        if ((in.data_type & 128) && in.total_out > 0) {
            blocks++;
        }
    }
    assert_int_equal(zr, Z_STREAM_END);
    inflateEnd(&in);
    free(out);
    return blocks;
}

/*
 * Bytes whose statistics change every 20000 (a few values, then any), so
 * that libdeflate ends each block of the stream after several deflate
 * blocks: only the very last of them may end the stream, which inflating
 * it whole checks, the same on every number of threads.
 */
static void
test_deflate_blocks_continue(void **state)
{
    (void)state;
    const size_t len = 3 * MAZE__DEFLATE_BLOCK + 999;
    uint8_t *data = malloc(len);
    assert_non_null(data);
    uint64_t x = 88172645463325252u;
    for (size_t i = 0; i < len; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        data[i] = (i / 20000) % 2 ? (uint8_t)x : (uint8_t)(x % 4);
    }
    struct collected one = {0};
    assert_int_equal(run(data, len, 4096, 1, &one), MAZE_OK);
    expect_inflates_to(&one.buf, data, len);
    assert_true(deflate_blocks(&one.buf, len) >
                2 * (len / MAZE__DEFLATE_BLOCK + 1));
    struct collected three = {0};
    assert_int_equal(run(data, len, 5000, 3, &three), MAZE_OK);
    assert_int_equal(three.buf.len, one.buf.len);
    assert_memory_equal(three.buf.data, one.buf.data, one.buf.len);
    free(three.buf.data);
    free(one.buf.data);
    free(data);
}

static void
test_deflate_failing_output(void **state)
{
    (void)state;
    const size_t len = 5 * MAZE__DEFLATE_BLOCK + 10;
    uint8_t *data = sample(len);
    for (unsigned threads = 1; threads <= 4; threads += 3) {
        for (unsigned long n = 1; n <= len / MAZE__DEFLATE_BLOCK + 1; n++) {
            struct collected c = {.fail_at = n};
            assert_int_equal(run(data, len, 5000, threads, &c), MAZE_ERR_IO);
            assert_int_equal(c.after, 0);
            assert_int_equal(c.pieces, n);
            free(c.buf.data);
        }
    }
    free(data);
}

/* Heap bytes in use (glibc's count, blocks mapped on their own too). */
static size_t
heap_in_use(void)
{
    struct mallinfo2 mi = mallinfo2();
    return mi.uordblks + mi.hblkhd;
}

/*
 * What the png format says a deflating thread holds (maze_format_info's
 * memory.per_thread, which maze_generate_estimate() and --max-memory
 * count) is a bound on what the deflater allocates, on 1, 2 and 4
 * threads, for an image of enough blocks to start them all.
 */
static void
test_deflate_memory_bound(void **state)
{
    (void)state;
    const struct maze_format_info *png = maze_format_find("png");
    assert_non_null(png);
    uint64_t per_thread = png->memory.per_thread;
    for (unsigned threads = 1; threads <= 4; threads *= 2) {
        struct collected c = {0};
        size_t before = heap_in_use();
        struct maze__deflate *d;
        assert_int_equal(maze__deflate_create(threads, 16 * MAZE__DEFLATE_BLOCK,
                                              collect_out, &c, &d),
                         MAZE_OK);
        size_t held = heap_in_use() - before;
        maze__deflate_destroy(d);
        if (held > threads * per_thread) {
            fail_msg("%u threads hold %zu bytes, over %u x %llu", threads, held,
                     threads, (unsigned long long)per_thread);
        }
    }
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deflate_round_trip),
        cmocka_unit_test(test_deflate_blocks_continue),
        cmocka_unit_test(test_deflate_failing_output),
        cmocka_unit_test(test_deflate_memory_bound),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
