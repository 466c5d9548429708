/* SPDX-License-Identifier: MIT */
/*
 * A zlib stream deflated on several threads (png_deflate.h). Deflate is
 * nearly all the cost of a big PNG, and it parallelises the way pigz does
 * it: the bytes are cut at fixed offsets into blocks, each block is
 * deflated on its own by libdeflate (several times zlib's speed at level
 * 6, and smaller on maze images) and ended byte-aligned, and the blocks
 * are joined behind a zlib header with their Adler-32s combined.
 *
 * libdeflate ends every stream it makes with a final block. A block that
 * is not the stream's last is made to continue: its last deflate block is
 * found by walking the block boundaries with zlib's inflate (Z_BLOCK, at
 * a few per cent of the deflating), its BFINAL bit is cleared, and an
 * empty stored block ends it on a byte (the bytes of zlib's sync flush).
 *
 * The thread handing the bytes in (the carver's) fills the blocks, a ring
 * of 2 a worker, and hands the deflated ones out in order; the workers
 * take the filled blocks in order. Nothing depends on which thread
 * deflates what, nor on how many there are: one thread deflates the same
 * blocks itself, in turn, and starts none.
 *
 * Every allocation (the blocks, libdeflate's compressors and zlib's
 * inflaters) is made before a thread starts, so a worker cannot fail but
 * on a library bug.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <libdeflate.h>
#include <zlib.h>

#include "export/png_deflate.h"
#include <mazegen/status.h>

enum block_state {
    BLOCK_FREE,   /* the caller's, filling or free */
    BLOCK_QUEUED, /* filled, waiting for a worker */
    BLOCK_DONE,   /* deflated, waiting to be handed out */
};

struct block {
    /* The block's `len` bytes (room for MAZE__DEFLATE_BLOCK). */
    uint8_t *in;
    size_t len;
    /* 2 bytes of room for the zlib header, the deflated bytes (out_len),
     * 5 of room for the stored block that ends it, 4 for the Adler-32. */
    uint8_t *out;
    size_t out_len;
    uint32_t adler; /* of the block's bytes */
    bool last;
    enum block_state state;
    int rc; /* of its deflating */
};

struct worker {
    struct maze__deflate *d;
    struct libdeflate_compressor *c;
    z_stream z;       /* raw inflate, finding the last deflate block */
    bool ready;       /* z initialised */
    uint8_t *scratch; /* SCRATCH bytes inflated into */
    pthread_t thread;
};

struct maze__deflate {
    maze__deflate_out out;
    void *ctx;
    size_t out_cap;    /* room for a block's deflated bytes */
    unsigned nblocks;  /* the ring */
    unsigned nworkers; /* worker entries: threads, or 1 for the caller */
    unsigned started;  /* threads running (0: the caller deflates) */
    struct block *blocks;
    struct worker *workers;
    bool synced; /* lock and conditions initialised */
    pthread_mutex_t lock;
    pthread_cond_t work, done;
    bool stop;
    /* Block numbers: the one filling, the next a worker takes, the next
     * handed out. written <= taken <= filling. */
    uint64_t filling, taken, written;
    uint32_t adler; /* of everything handed out */
    int status;
};

static struct block *
slot(struct maze__deflate *d, uint64_t n)
{
    return &d->blocks[n % d->nblocks];
}

/* zlib's allocations, through the library's own allocator. */
static voidpf
z_alloc(voidpf opaque, uInt items, uInt size)
{
    (void)opaque;
    return calloc(items, size);
}

static void
z_free(voidpf opaque, voidpf p)
{
    (void)opaque;
    free(p);
}

/* The bytes a worker inflates into, over and over (inflate keeps its own
 * window). */
#define SCRATCH ((size_t)32 * 1024)

/*
 * The bit offset of the last deflate block in the raw deflate stream of n
 * bytes at p, and in *unused the bits after its end in the last byte, by
 * inflating it (len bytes, what it holds) a block at a time.
 */
static int
last_block(z_stream *z, const uint8_t *p, size_t n, uint8_t *scratch,
           size_t len, uint64_t *at, unsigned *unused)
{
    if (inflateReset(z) != Z_OK) {
        return MAZE_ERR_BACKEND;
    }
    z->next_in = (Bytef *)p;
    z->avail_in = (uInt)n;
    uint64_t start = 0;
    int end = -1; /* the unused bits after the last block, once seen */
    for (;;) {
        if (z->avail_out == 0) {
            z->next_out = scratch;
            z->avail_out = (uInt)SCRATCH;
        }
        int zr = inflate(z, Z_BLOCK);
        if (zr == Z_STREAM_END) {
            break;
        }
        if (zr != Z_OK) {
            return zr == Z_MEM_ERROR ? MAZE_ERR_NOMEM : MAZE_ERR_BACKEND;
        }
        /* Stopped at a block's end (128), the last one (64); else for
         * room to write. */
        if (!(z->data_type & 128)) {
            continue;
        }
        unsigned bits = (unsigned)(z->data_type & 7);
        if (z->data_type & 64) {
            end = (int)bits;
        } else {
            start = (uint64_t)(n - z->avail_in) * 8 - bits;
        }
    }
    if (end < 0 || z->avail_in != 0 || z->total_out != len) {
        return MAZE_ERR_BACKEND;
    }
    *at = start;
    *unused = (unsigned)end;
    return MAZE_OK;
}

static int
deflate_block(struct worker *w, struct block *b, size_t cap)
{
    uint8_t *p = b->out + 2;
    size_t n = libdeflate_deflate_compress(w->c, b->in, b->len, p, cap);
    if (n == 0) {
        return MAZE_ERR_BACKEND;
    }
    if (!b->last) {
        /* Not the stream's end: its last deflate block goes on (BFINAL is
         * that block's first bit), to an empty stored block on a byte. */
        uint64_t at;
        unsigned unused;
        int rc = last_block(&w->z, p, n, w->scratch, b->len, &at, &unused);
        if (rc != MAZE_OK) {
            return rc;
        }
        p[at / 8] &= (uint8_t) ~(1u << (at % 8));
        /* The stored block's 3 header bits, zero, fit the last byte's
         * unused bits (zero too) or take a byte of their own. */
        p[n - 1] &= (uint8_t)(0xffu >> unused);
        if (unused < 3) {
            p[n++] = 0;
        }
        static const uint8_t empty[4] = {0x00, 0x00, 0xff, 0xff};
        memcpy(p + n, empty, sizeof(empty));
        n += sizeof(empty);
    }
    b->out_len = n;
    b->adler = libdeflate_adler32(1, b->in, b->len);
    return MAZE_OK;
}

static void *
work(void *arg)
{
    struct worker *w = arg;
    struct maze__deflate *d = w->d;
    pthread_mutex_lock(&d->lock);
    for (;;) {
        while (!d->stop && d->taken == d->filling) {
            pthread_cond_wait(&d->work, &d->lock);
        }
        if (d->stop) {
            break;
        }
        struct block *b = slot(d, d->taken++);
        pthread_mutex_unlock(&d->lock);
        int rc = deflate_block(w, b, d->out_cap);
        pthread_mutex_lock(&d->lock);
        b->rc = rc;
        b->state = BLOCK_DONE;
        pthread_cond_signal(&d->done);
    }
    pthread_mutex_unlock(&d->lock);
    return NULL;
}

/* Hands out block b, the zlib header before the first, the Adler-32 of
 * the whole after the last. */
static int
emit(struct maze__deflate *d, struct block *b)
{
    if (b->rc != MAZE_OK) {
        return b->rc;
    }
    d->adler = (uint32_t)adler32_combine(d->adler, b->adler, (z_off_t)b->len);
    uint8_t *p = b->out + 2;
    size_t n = b->out_len;
    if (d->written == 0) {
        /* Deflate, a 32 KiB window, the default level (RFC 1950). */
        p -= 2;
        p[0] = 0x78;
        p[1] = 0x9c;
        n += 2;
    }
    if (b->last) {
        for (int i = 0; i < 4; i++) {
            p[n++] = (uint8_t)(d->adler >> (24 - 8 * i));
        }
    }
    return d->out(d->ctx, p, n);
}

/* Hands out the deflated blocks in order, waiting for the oldest while
 * more than `keep` are in flight. */
static int
collect(struct maze__deflate *d, uint64_t keep)
{
    for (;;) {
        pthread_mutex_lock(&d->lock);
        struct block *b = slot(d, d->written);
        while (d->written < d->filling && b->state != BLOCK_DONE &&
               d->filling - d->written > keep) {
            pthread_cond_wait(&d->done, &d->lock);
        }
        bool ready = d->written < d->filling && b->state == BLOCK_DONE;
        pthread_mutex_unlock(&d->lock);
        if (!ready) {
            return MAZE_OK;
        }
        /* Done blocks are the caller's: no lock needed. */
        int rc = emit(d, b);
        b->state = BLOCK_FREE;
        d->written++;
        if (rc != MAZE_OK) {
            return rc;
        }
    }
}

/* Ends the block filling: deflated here and handed out at once without
 * threads, else queued for them and whatever is done handed out. */
static int
submit(struct maze__deflate *d, bool last)
{
    struct block *b = slot(d, d->filling);
    b->last = last;
    if (d->started == 0) {
        b->rc = deflate_block(&d->workers[0], b, d->out_cap);
        d->filling++;
        int rc = emit(d, b);
        d->written++;
        return rc;
    }
    pthread_mutex_lock(&d->lock);
    b->state = BLOCK_QUEUED;
    d->filling++;
    pthread_cond_signal(&d->work);
    pthread_mutex_unlock(&d->lock);
    return collect(d, d->nblocks - 1);
}

int
maze__deflate_write(struct maze__deflate *d, const void *data, size_t len)
{
    const uint8_t *p = data;
    while (d->status == MAZE_OK && len > 0) {
        struct block *b = slot(d, d->filling);
        size_t n = MAZE__DEFLATE_BLOCK - b->len;
        n = n < len ? n : len;
        memcpy(b->in + b->len, p, n);
        b->len += n;
        p += n;
        len -= n;
        if (b->len == MAZE__DEFLATE_BLOCK) {
            d->status = submit(d, false);
            slot(d, d->filling)->len = 0;
        }
    }
    return d->status;
}

int
maze__deflate_finish(struct maze__deflate *d)
{
    if (d->status == MAZE_OK) {
        d->status = submit(d, true);
    }
    if (d->status == MAZE_OK && d->started > 0) {
        d->status = collect(d, 0);
    }
    return d->status;
}

void
maze__deflate_destroy(struct maze__deflate *d)
{
    if (d == NULL) {
        return;
    }
    if (d->started > 0) {
        pthread_mutex_lock(&d->lock);
        d->stop = true;
        pthread_cond_broadcast(&d->work);
        pthread_mutex_unlock(&d->lock);
        for (unsigned i = 0; i < d->started; i++) {
            pthread_join(d->workers[i].thread, NULL);
        }
    }
    if (d->synced) {
        pthread_cond_destroy(&d->done);
        pthread_cond_destroy(&d->work);
        pthread_mutex_destroy(&d->lock);
    }
    for (unsigned i = 0; d->workers != NULL && i < d->nworkers; i++) {
        struct worker *w = &d->workers[i];
        if (w->ready) {
            inflateEnd(&w->z);
        }
        if (w->c != NULL) {
            libdeflate_free_compressor(w->c);
        }
        free(w->scratch);
    }
    for (unsigned i = 0; d->blocks != NULL && i < d->nblocks; i++) {
        free(d->blocks[i].in);
        free(d->blocks[i].out);
    }
    free(d->blocks);
    free(d->workers);
    free(d);
}

/* The workers' compressors and inflaters, and the ring of blocks. */
static int
allocate(struct maze__deflate *d)
{
    d->workers = calloc(d->nworkers, sizeof(*d->workers));
    d->blocks = calloc(d->nblocks, sizeof(*d->blocks));
    if (d->workers == NULL || d->blocks == NULL) {
        return MAZE_ERR_NOMEM;
    }
    for (unsigned i = 0; i < d->nworkers; i++) {
        struct worker *w = &d->workers[i];
        w->d = d;
        w->c = libdeflate_alloc_compressor(MAZE__DEFLATE_LEVEL);
        w->scratch = malloc(SCRATCH);
        if (w->c == NULL || w->scratch == NULL) {
            return MAZE_ERR_NOMEM;
        }
        w->z.zalloc = z_alloc;
        w->z.zfree = z_free;
        /* Raw inflate (negative window bits), as libdeflate makes. */
        int zr = inflateInit2(&w->z, -15);
        if (zr != Z_OK) {
            return zr == Z_MEM_ERROR ? MAZE_ERR_NOMEM : MAZE_ERR_BACKEND;
        }
        w->ready = true;
        /* inflate allocates its window when it first writes: here, on a
         * stored block of one byte, rather than on a worker. */
        static const uint8_t one[] = {0x01, 0x01, 0x00, 0xfe, 0xff, 0x00};
        w->z.next_in = (Bytef *)one;
        w->z.avail_in = sizeof(one);
        w->z.next_out = w->scratch;
        w->z.avail_out = (uInt)SCRATCH;
        zr = inflate(&w->z, Z_FINISH);
        if (zr != Z_STREAM_END) {
            return zr == Z_MEM_ERROR ? MAZE_ERR_NOMEM : MAZE_ERR_BACKEND;
        }
        w->z.avail_out = 0;
    }
    /* A stream's bound, the byte and stored block that may end it. */
    d->out_cap =
        libdeflate_deflate_compress_bound(d->workers[0].c, MAZE__DEFLATE_BLOCK);
    for (unsigned i = 0; i < d->nblocks; i++) {
        d->blocks[i].in = malloc(MAZE__DEFLATE_BLOCK);
        d->blocks[i].out = malloc(2 + d->out_cap + 5 + 4);
        if (d->blocks[i].in == NULL || d->blocks[i].out == NULL) {
            return MAZE_ERR_NOMEM;
        }
    }
    return MAZE_OK;
}

/* Starts the workers; those that cannot start are done without. */
static void
start(struct maze__deflate *d)
{
    if (d->nworkers < 2 || pthread_mutex_init(&d->lock, NULL) != 0) {
        return;
    }
    if (pthread_cond_init(&d->work, NULL) != 0) {
        pthread_mutex_destroy(&d->lock);
        return;
    }
    if (pthread_cond_init(&d->done, NULL) != 0) {
        pthread_cond_destroy(&d->work);
        pthread_mutex_destroy(&d->lock);
        return;
    }
    d->synced = true;
    while (d->started < d->nworkers &&
           pthread_create(&d->workers[d->started].thread, NULL, work,
                          &d->workers[d->started]) == 0) {
        d->started++;
    }
}

int
maze__deflate_create(unsigned threads, uint64_t total, maze__deflate_out out,
                     void *ctx, struct maze__deflate **dp)
{
    *dp = NULL;
    uint64_t blocks = total / MAZE__DEFLATE_BLOCK + 1;
    if (threads > MAZE__DEFLATE_THREADS_MAX) {
        threads = MAZE__DEFLATE_THREADS_MAX;
    }
    if (threads > blocks) {
        threads = (unsigned)blocks;
    }
    struct maze__deflate *d = calloc(1, sizeof(*d));
    if (d == NULL) {
        return MAZE_ERR_NOMEM;
    }
    d->out = out;
    d->ctx = ctx;
    d->adler = (uint32_t)adler32(0, NULL, 0);
    d->nworkers = threads > 1 ? threads : 1;
    d->nblocks = threads > 1 ? 2 * threads : 1;
    int rc = allocate(d);
    if (rc != MAZE_OK) {
        maze__deflate_destroy(d);
        return rc;
    }
    start(d);
    *dp = d;
    return MAZE_OK;
}
