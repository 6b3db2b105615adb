/* run_tile.c -- the partial results file of one tile, and joining the tiles.
 *
 * A tile run (`fricert report --tile I/N`) paves tile I of every plot of a
 * case and writes one text file, one record a line, tokens separated by one
 * space:
 *
 *   fricert-tile/1
 *   case_path PATH            (the rest of the line)
 *   id ID
 *   sha256 HEX                (of the case file's bytes)
 *   engine VERSION GIT
 *   prec P                    (--prec, 0: the case's)
 *   depth D                   (--depth, 0: each plot's own)
 *   tile I N                  (1 <= I <= N)
 *   plots K
 *   then K times:
 *   plot NAME DEPTH DIM X0M X0E WM WE Y0M Y0E HM HE   (box ends: mantissa, exponent, exact)
 *   stats EVALUATIONS FAST ARB WITNESSED INSTRUCTIONS MAX_DEPTH MAX_PREC SECONDS BUDGET
 *   cells C
 *   C lines: I J LEVEL LABEL
 *   end
 *
 * Every integer is decimal; SECONDS is %.17g. The cells are the tile
 * result's cells in its order; the areas are not stored (a merge sums them
 * exactly from the cells). In a multi-label plot (labels = ...) LABEL is the
 * combination of labels (bit j: label j true), not the tile's own index of
 * the combinations that occur in it, so that a merge can pave over the 2^n
 * combinations as the whole run does, and evaluate the labels of the
 * undecided cells after the merge (run.c), as the whole run does after its
 * paving.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "run/run.h"
#include "base/fc_atomic.h"
#include "base/fc_str.h"

static void put_arf(FILE *f, const arf_t x)
{
    fmpz_t m, e;
    fmpz_init(m);
    fmpz_init(e);
    if (!arf_is_zero(x)) arf_get_fmpz_2exp(m, e, x);
    fputc(' ', f);
    fmpz_fprint(f, m);
    fputc(' ', f);
    fmpz_fprint(f, e);
    fmpz_clear(m);
    fmpz_clear(e);
}

int run_tile_write(const char *path, const run_results *res, const run_options *opt)
{
    const case_t *c = res->c;
    fc_atomic_file f;
    int k;
    long i;
    if (strchr(c->path, '\n') != NULL) {
        errno = EINVAL;
        return -1;
    }
    if (fc_atomic_open(&f, path) != 0) return -1;
    fprintf(f.fp, "fricert-tile/1\ncase_path %s\nid %s\nsha256 %s\nengine %s %s\nprec %ld\ndepth %d\n"
            "tile %d %d\nplots %d\n", c->path, c->id, res->sha256, res->engine_version, res->git,
            (long) opt->prec, opt->depth, opt->tile_index + 1, opt->tile_count, res->nplots);
    for (k = 0; k < res->nplots; k++) {
        const run_plot *rp = &res->plots[k];
        const pave_result *p = &rp->pave;
        fprintf(f.fp, "plot %s %d %d", rp->plot->name, rp->depth, p->dim);
        put_arf(f.fp, p->x0);
        put_arf(f.fp, p->w);
        put_arf(f.fp, p->y0);
        put_arf(f.fp, p->h);
        fprintf(f.fp, "\nstats %ld %ld %ld %ld %lu %d %ld %.17g %d\ncells %ld\n", p->evaluations,
                p->fast_evaluations, p->arb_evaluations, p->witnessed, (unsigned long) p->instructions,
                p->max_depth, (long) p->max_prec_used, p->seconds, p->budget_hit, p->ncells);
        for (i = 0; i < p->ncells; i++) {
            int lab = p->cells[i].label;
            if (rp->plot->nlabels > 0 && lab >= 0) lab = (int) rp->sets[lab];   /* the combination */
            fprintf(f.fp, "%lu %lu %d %d\n", (unsigned long) p->cells[i].i, (unsigned long) p->cells[i].j,
                    p->cells[i].level, lab);
        }
    }
    fputs("end\n", f.fp);
    return fc_atomic_commit(&f);
}

/* ---- reading ---- */

typedef struct {
    FILE *f;
    const char *path;
    char *line;
    size_t cap;
    int lineno;
    char *p;                 /* next token */
    fc_error *err;
} reader;

static int fail(reader *r, const char *at, const char *fmt, const char *what)
{
    int col = r->line && at ? (int) (at - r->line) + 1 : 1;
    fc_error_at(r->err, r->path, r->lineno ? r->lineno : 1, col, fmt, what);
    return -1;
}

/* Reads the next line (without its '\n'); -1 at the end of the file. */
static int next_line(reader *r)
{
    ssize_t n = getline(&r->line, &r->cap, r->f);
    r->lineno++;
    if (n < 0) {
        r->lineno--;
        return fail(r, NULL, "%s", "the file ends early: not a complete tile file (fricert-tile/1)");
    }
    if (n > 0 && r->line[n - 1] == '\n') r->line[n - 1] = '\0';
    else return fail(r, r->line + n, "%s", "the last line has no end: not a complete tile file");
    if (strlen(r->line) != (size_t) n - 1) return fail(r, r->line + strlen(r->line), "%s", "a NUL byte");
    r->p = r->line;
    return 0;
}

/* The next token (up to a space or the end of the line), NUL-terminated. */
static char *token(reader *r, const char *what)
{
    char *t = r->p, *e;
    if (*t == '\0' || *t == ' ') {
        fail(r, t, "expected %s", what);
        return NULL;
    }
    e = strchr(t, ' ');
    if (e) {
        *e = '\0';
        r->p = e + 1;
    } else r->p = t + strlen(t);
    return t;
}

static int keyword(reader *r, const char *kw)
{
    char *t;
    if (next_line(r)) return -1;
    t = token(r, kw);
    if (t == NULL) return -1;
    if (strcmp(t, kw) != 0) return fail(r, t, "expected '%s'", kw);
    return 0;
}

static int line_end(reader *r)
{
    if (*r->p != '\0') return fail(r, r->p, "%s", "unexpected text at the end of the line");
    return 0;
}

static int get_long(reader *r, const char *what, long lo, long hi, long *out)
{
    char *t = token(r, what), *e;
    long x;
    if (t == NULL) return -1;
    errno = 0;
    x = strtol(t, &e, 10);
    if (e == t || *e || errno || x < lo || x > hi) return fail(r, t, "expected %s", what);
    *out = x;
    return 0;
}

static int get_fmpz(reader *r, fmpz_t x, const char *what)
{
    char *t = token(r, what), *s = t;
    if (t == NULL) return -1;
    if (*s == '-') s++;
    if (*s == '\0' || strspn(s, "0123456789") != strlen(s) || strlen(s) > 40 || fmpz_set_str(x, t, 10))
        return fail(r, t, "expected %s", what);
    return 0;
}

static int get_arf(reader *r, arf_t x, const char *what)
{
    fmpz_t m, e;
    int rc;
    fmpz_init(m);
    fmpz_init(e);
    rc = get_fmpz(r, m, what) || get_fmpz(r, e, what);
    if (rc == 0) arf_set_fmpz_2exp(x, m, e);
    fmpz_clear(m);
    fmpz_clear(e);
    return rc ? -1 : 0;
}

static int get_word(reader *r, char *out, size_t n, const char *what)
{
    char *t = token(r, what);
    if (t == NULL) return -1;
    if (strlen(t) >= n) return fail(r, t, "%s is too long", what);
    strcpy(out, t);
    return 0;
}

static int read_plot(reader *r, run_tile *t, int k)
{
    pave_result *p = &t->pave[k];
    long v[9], n, i;
    char *tok, *e;
    int ok;
    if (keyword(r, "plot") || get_word(r, t->plot_names[k], sizeof t->plot_names[k], "a plot name") ||
        get_long(r, "the plot's depth (1 to 24)", 1, PAVE_MAX_DEPTH, &v[0]) ||
        get_long(r, "the dimension (1 or 2)", 1, 2, &v[1]) || get_arf(r, p->x0, "an exact box end") ||
        get_arf(r, p->w, "an exact box end") || get_arf(r, p->y0, "an exact box end") ||
        get_arf(r, p->h, "an exact box end") || line_end(r))
        return -1;
    t->plot_depths[k] = (int) v[0];
    p->dim = (int) v[1];
    if (keyword(r, "stats") || get_long(r, "a count", 0, LONG_MAX, &v[2]) || get_long(r, "a count", 0, LONG_MAX, &v[3]) ||
        get_long(r, "a count", 0, LONG_MAX, &v[4]) || get_long(r, "a count", 0, LONG_MAX, &v[5]) ||
        get_long(r, "a count", 0, LONG_MAX, &v[6]) || get_long(r, "a depth", 0, PAVE_MAX_DEPTH, &v[7]) ||
        get_long(r, "a precision", 0, 1L << 30, &v[8]))
        return -1;
    p->evaluations = v[2];
    p->fast_evaluations = v[3];
    p->arb_evaluations = v[4];
    p->witnessed = v[5];
    p->instructions = (ulong) v[6];
    p->max_depth = (int) v[7];
    p->max_prec_used = v[8];
    tok = token(r, "seconds");
    if (tok == NULL) return -1;
    errno = 0;
    p->seconds = strtod(tok, &e);
    if (e == tok || *e || errno || !(p->seconds >= 0)) return fail(r, tok, "expected %s", "seconds");
    if (get_long(r, "a budget code (0 to 3)", 0, 3, &v[0]) || line_end(r)) return -1;
    p->budget_hit = (int) v[0];
    if (keyword(r, "cells") || get_long(r, "a cell count", 0, PAVE_MEMORY_CELLS, &n) || line_end(r)) return -1;
    p->cells = flint_malloc((n ? n : 1) * sizeof(pave_cell));
    p->alloc = n ? n : 1;
    p->ncells = 0;
    for (i = 0; i < n; i++) {
        long ci, cj, lev, lab;
        if (next_line(r) || get_long(r, "a column", 0, 0xffffffffL, &ci) ||
            get_long(r, "a row", 0, 0xffffffffL, &cj) ||
            get_long(r, "a level (0 to 24)", 0, PAVE_MAX_DEPTH, &lev) ||
            get_long(r, "a label", PAVE_PENDING, 32767, &lab) || line_end(r))
            return -1;
        ok = lev <= t->plot_depths[k] && (ci >> lev) == 0 && (cj >> lev) == 0 && (p->dim == 2 || cj == 0);
        if (!ok) return fail(r, r->line, "%s", "a cell outside the plot's grid");
        p->cells[i].i = (uint32_t) ci;
        p->cells[i].j = (uint32_t) cj;
        p->cells[i].level = (uint8_t) lev;
        p->cells[i].label = (int16_t) lab;
        p->ncells++;
    }
    p->tile_index = t->tile_index;
    p->tile_count = t->tile_count;
    return 0;
}

int run_tile_read(run_tile *t, const char *path, fc_error *err)
{
    reader r;
    long v, n;
    int rc = -1, k;
    char *tok;

    memset(t, 0, sizeof *t);
    memset(&r, 0, sizeof r);
    memset(err, 0, sizeof *err);
    snprintf(t->path, sizeof t->path, "%s", path);
    r.path = path;
    r.err = err;
    r.f = fopen(path, "rb");
    if (r.f == NULL) {
        fc_error_at(err, path, 0, 0, "cannot read the tile file: %s", strerror(errno));
        return -1;
    }
    if (next_line(&r)) goto done;
    if (strcmp(r.line, "fricert-tile/1") != 0) {
        fail(&r, r.line, "%s", "not a tile file of fricert (the first line must be fricert-tile/1)");
        goto done;
    }
    if (keyword(&r, "case_path")) goto done;
    if (*r.p == '\0' || strlen(r.p) >= sizeof t->case_path) {
        fail(&r, r.p, "%s", "expected the case file's path");
        goto done;
    }
    strcpy(t->case_path, r.p);
    if (keyword(&r, "id") || get_word(&r, t->id, sizeof t->id, "the case id") || line_end(&r)) goto done;
    if (keyword(&r, "sha256")) goto done;
    tok = token(&r, "a SHA-256 in hex");
    if (tok == NULL) goto done;
    if (strlen(tok) != 64 || strspn(tok, "0123456789abcdef") != 64) {
        fail(&r, tok, "expected %s", "a SHA-256 in hex");
        goto done;
    }
    strcpy(t->sha256, tok);
    if (line_end(&r) || keyword(&r, "engine")) goto done;
    if (*r.p == '\0' || strlen(r.p) >= sizeof t->engine) {
        fail(&r, r.p, "%s", "expected the engine's version");
        goto done;
    }
    strcpy(t->engine, r.p);
    if (keyword(&r, "prec") || get_long(&r, "a precision (0, or 16 to 65536)", 0, 65536, &v) || line_end(&r))
        goto done;
    t->prec = v;
    if (keyword(&r, "depth") || get_long(&r, "a depth (0 to 24)", 0, PAVE_MAX_DEPTH, &v) || line_end(&r))
        goto done;
    t->depth = (int) v;
    if (keyword(&r, "tile") || get_long(&r, "the tile number I (1 to N)", 1, 1L << 24, &v) ||
        get_long(&r, "the tile count N (a power of 4)", 1, 1L << 24, &n) || line_end(&r))
        goto done;
    if (v > n || pave_tile_level((int) n, 2) < 0) {
        fail(&r, r.line + 5, "%s", "expected I/N with 1 <= I <= N and N a power of 4");
        goto done;
    }
    t->tile_index = (int) v - 1;
    t->tile_count = (int) n;
    if (keyword(&r, "plots") || get_long(&r, "a plot count", 0, 10000, &v) || line_end(&r)) goto done;
    t->nplots = (int) v;
    t->plot_names = flint_calloc(t->nplots + 1, sizeof *t->plot_names);
    t->plot_depths = flint_calloc(t->nplots + 1, sizeof(int));
    t->pave = flint_malloc((t->nplots + 1) * sizeof(pave_result));
    for (k = 0; k < t->nplots; k++) pave_result_init(&t->pave[k]);
    for (k = 0; k < t->nplots; k++)
        if (read_plot(&r, t, k)) goto done;
    if (keyword(&r, "end") || line_end(&r)) goto done;
    if (getc(r.f) != EOF) {
        r.lineno++;
        fail(&r, NULL, "%s", "text after 'end'");
        goto done;
    }
    rc = 0;
done:
    free(r.line);   /* getline's buffer comes from malloc */
    fclose(r.f);
    return rc;
}

void run_tile_clear(run_tile *t)
{
    int k;
    if (t->pave)
        for (k = 0; k < t->nplots; k++) pave_result_clear(&t->pave[k]);
    flint_free(t->pave);
    flint_free(t->plot_names);
    flint_free(t->plot_depths);
    memset(t, 0, sizeof *t);
}

/* ---- merging ---- */

int run_tile_merge(pave_result *out, run_tile *t, int n, const case_t *c, fc_error *err)
{
    run_tile **by = NULL;
    pave_result **parts = NULL;
    char sha[65], engine[160];
    int i, k, N = t[0].tile_count, rc = -1;

    memset(err, 0, sizeof *err);
    memcpy(sha, c->sha256, sizeof sha);   /* of the bytes the case was read from */
    {   /* this engine, as a tile run records it (run_fill_versions) */
        run_results v;
        memset(&v, 0, sizeof v);
        run_fill_versions(&v);
        snprintf(engine, sizeof engine, "%s %s", v.engine_version, v.git);
    }
    by = flint_calloc(N + 1, sizeof(run_tile *));
    parts = flint_calloc(N + 1, sizeof(pave_result *));
    for (i = 0; i < n; i++) {
        run_tile *x = &t[i];
        if (x->tile_count != N) {
            fc_error_at(err, x->path, 8, 1, "tile %d of %d, but %s is a tile of %d of the same case '%s'",
                        x->tile_index + 1, x->tile_count, t[0].path, N, c->id);
            goto done;
        }
        if (by[x->tile_index] != NULL) {
            fc_error_at(err, x->path, 8, 1, "tile %d of %d of case '%s' is also in %s", x->tile_index + 1, N,
                        c->id, by[x->tile_index]->path);
            goto done;
        }
        by[x->tile_index] = x;
        if (strcmp(x->sha256, sha) != 0) {
            fc_error_at(err, x->path, 4, 8, "made from other bytes of %s than it has now (SHA-256 differs)",
                        c->path);
            goto done;
        }
        if (strcmp(x->engine, engine) != 0) {
            fc_error_at(err, x->path, 5, 8, "made by fricert %s, but this is fricert %s", x->engine, engine);
            goto done;
        }
        if (x->prec != t[0].prec || x->depth != t[0].depth) {
            fc_error_at(err, x->path, x->prec != t[0].prec ? 6 : 7, 1,
                        "made with other --prec or --depth options than %s", t[0].path);
            goto done;
        }
        if (x->nplots != c->nplots) {
            fc_error_at(err, x->path, 9, 7, "has %d plots, the case %s has %d", x->nplots, c->path, c->nplots);
            goto done;
        }
        for (k = 0; k < c->nplots; k++)
            if (strcmp(x->plot_names[k], c->plots[k].name) != 0 ||
                x->plot_depths[k] != (x->depth > 0 ? x->depth : c->plots[k].depth)) {
                fc_error_at(err, x->path, 0, 0, "plot %d is '%s' at depth %d; the case %s has '%s' at depth %d",
                            k + 1, x->plot_names[k], x->plot_depths[k], c->path, c->plots[k].name,
                            x->depth > 0 ? x->depth : c->plots[k].depth);
                goto done;
            }
    }
    for (i = 0; i < N; i++)
        if (by[i] == NULL) {
            fc_error_at(err, t[0].path, 0, 0, "tile %d of %d of case '%s' is missing", i + 1, N, c->id);
            goto done;
        }
    for (k = 0; k < c->nplots; k++) {
        /* a multi-label plot is paved over its 2^n label combinations */
        int nr = c->plots[k].nlabels > 0 ? 1 << c->plots[k].nlabels : c->plots[k].nregions;
        for (i = 0; i < N; i++) {
            const pave_result *p = &by[i]->pave[k];
            long j;
            parts[i] = &by[i]->pave[k];
            for (j = 0; j < p->ncells; j++)
                if (p->cells[j].label >= nr) {
                    fc_error_at(err, by[i]->path, 0, 0, "plot %s: a cell with label %d, but the plot has %d %s",
                                c->plots[k].name, p->cells[j].label, nr,
                                c->plots[k].nlabels > 0 ? "label combinations" : "regions");
                    goto done;
                }
        }
        if (pave_merge(&out[k], parts, N, nr) != 0) {
            fc_error_at(err, t[0].path, 0, 0, "the %d tiles of plot %s do not fit together (another grid, "
                        "or cells that overlap or leave a gap)", N, c->plots[k].name);
            goto done;
        }
    }
    rc = 0;
done:
    flint_free(by);
    flint_free(parts);
    return rc;
}
