/* SPDX-License-Identifier: MIT */
/*
 * A zlib stream deflated on several threads (png_deflate.h). Deflate is
 * nearly all the cost of a big PNG, and it parallelises the way pigz does
 * it: the bytes are cut at fixed offsets into blocks, each block is
 * deflated on its own as a raw deflate stream primed with the 32 KiB before
 * it (so it loses next to nothing to the cut) and ended byte-aligned by a
 * sync flush (an empty stored block), the last one finished, and the
 * blocks are joined behind a zlib header with their Adler-32s combined.
 *
 * The thread handing the bytes in (the carver's) fills the blocks, a ring
 * of 2 a worker, and hands the deflated ones out in order; the workers
 * take the filled blocks in order. Nothing depends on which thread
 * deflates what, nor on how many there are: one thread deflates the same
 * blocks itself, in turn, and starts none.
 *
 * Every allocation (the blocks, and zlib's through its zalloc) is made
 * before a thread starts, so a worker cannot fail but on a zlib bug.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "export/png_deflate.h"
#include <mazegen/status.h>

enum block_state {
    BLOCK_FREE,   /* the caller's, filling or free */
    BLOCK_QUEUED, /* filled, waiting for a worker */
    BLOCK_DONE,   /* deflated, waiting to be handed out */
};

struct block {
    /* MAZE__DEFLATE_DICT bytes, the last `dict` of them the dictionary,
     * then the block's `len` bytes. */
    uint8_t *in;
    size_t dict, len;
    /* 2 bytes of room for the zlib header, the deflated bytes (out_len),
     * 4 of room for the Adler-32. */
    uint8_t *out;
    size_t out_len;
    uint32_t adler; /* of the block's bytes */
    bool last;
    enum block_state state;
    int rc; /* of its deflating */
};

struct worker {
    struct maze__deflate *d;
    z_stream z;
    bool ready; /* z initialised */
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

static int
deflate_block(z_stream *z, struct block *b, size_t cap)
{
    if (deflateReset(z) != Z_OK ||
        (b->dict > 0 &&
         deflateSetDictionary(z, b->in + MAZE__DEFLATE_DICT - b->dict,
                              (uInt)b->dict) != Z_OK)) {
        return MAZE_ERR_BACKEND;
    }
    z->next_in = b->in + MAZE__DEFLATE_DICT;
    z->avail_in = (uInt)b->len;
    z->next_out = b->out + 2;
    z->avail_out = (uInt)cap;
    int zr = deflate(z, b->last ? Z_FINISH : Z_SYNC_FLUSH);
    /* Room to spare is what tells a sync flush is complete. */
    if (zr != (b->last ? Z_STREAM_END : Z_OK) || z->avail_in != 0 ||
        z->avail_out == 0) {
        return MAZE_ERR_BACKEND;
    }
    b->out_len = cap - z->avail_out;
    b->adler = (uint32_t)adler32(adler32(0, NULL, 0),
                                 b->in + MAZE__DEFLATE_DICT, (uInt)b->len);
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
        int rc = deflate_block(&w->z, b, d->out_cap);
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
        b->rc = deflate_block(&d->workers[0].z, b, d->out_cap);
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

/* Starts the next block, primed with the end of the one before (a whole
 * block, never shorter than the dictionary). */
static void
prime(struct maze__deflate *d)
{
    struct block *b = slot(d, d->filling);
    const struct block *prev = slot(d, d->filling - 1);
    memmove(b->in, prev->in + MAZE__DEFLATE_BLOCK, MAZE__DEFLATE_DICT);
    b->dict = MAZE__DEFLATE_DICT;
    b->len = 0;
}

int
maze__deflate_write(struct maze__deflate *d, const void *data, size_t len)
{
    const uint8_t *p = data;
    while (d->status == MAZE_OK && len > 0) {
        struct block *b = slot(d, d->filling);
        size_t n = MAZE__DEFLATE_BLOCK - b->len;
        n = n < len ? n : len;
        memcpy(b->in + MAZE__DEFLATE_DICT + b->len, p, n);
        b->len += n;
        p += n;
        len -= n;
        if (b->len == MAZE__DEFLATE_BLOCK) {
            d->status = submit(d, false);
            prime(d);
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
        if (d->workers[i].ready) {
            deflateEnd(&d->workers[i].z);
        }
    }
    for (unsigned i = 0; d->blocks != NULL && i < d->nblocks; i++) {
        free(d->blocks[i].in);
        free(d->blocks[i].out);
    }
    free(d->blocks);
    free(d->workers);
    free(d);
}

/* The workers' zlib streams and the ring of blocks. */
static int
allocate(struct maze__deflate *d, bool filtered)
{
    d->workers = calloc(d->nworkers, sizeof(*d->workers));
    d->blocks = calloc(d->nblocks, sizeof(*d->blocks));
    if (d->workers == NULL || d->blocks == NULL) {
        return MAZE_ERR_NOMEM;
    }
    for (unsigned i = 0; i < d->nworkers; i++) {
        struct worker *w = &d->workers[i];
        w->d = d;
        w->z.zalloc = z_alloc;
        w->z.zfree = z_free;
        /* Raw deflate (negative window bits): the zlib wrapper is ours. */
        int zr = deflateInit2(&w->z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -15, 8,
                              filtered ? Z_FILTERED : Z_DEFAULT_STRATEGY);
        if (zr != Z_OK) {
            return zr == Z_MEM_ERROR ? MAZE_ERR_NOMEM : MAZE_ERR_BACKEND;
        }
        w->ready = true;
    }
    /* deflateBound() covers Z_FINISH; a sync flush adds a few bytes. */
    d->out_cap = deflateBound(&d->workers[0].z, MAZE__DEFLATE_BLOCK) + 64;
    for (unsigned i = 0; i < d->nblocks; i++) {
        d->blocks[i].in = malloc(MAZE__DEFLATE_DICT + MAZE__DEFLATE_BLOCK);
        d->blocks[i].out = malloc(2 + d->out_cap + 4);
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
maze__deflate_create(unsigned threads, uint64_t total, bool filtered,
                     maze__deflate_out out, void *ctx,
                     struct maze__deflate **dp)
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
    int rc = allocate(d, filtered);
    if (rc != MAZE_OK) {
        maze__deflate_destroy(d);
        return rc;
    }
    start(d);
    *dp = d;
    return MAZE_OK;
}
