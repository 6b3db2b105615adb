/* test_report_util.h -- helpers shared by the test_report_*.c tests. */
#ifndef FC_TEST_REPORT_UTIL_H
#define FC_TEST_REPORT_UTIL_H

#define _GNU_SOURCE 1
#include <dirent.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <cmocka.h>
#include <mpfr.h>
#include "report/report.h"
#include "test_report_fmt.h"
#include "test_file_util.h"

static char tmpdir[64];

static inline const char *
tmp_path(const char *name)
{
    static char buf[4][256];
    static int k;
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "%s/%s", tmpdir, name);
    return buf[k];
}

static inline void
write_text(const char *name, const char *text)
{
    FILE *f = fopen(tmp_path(name), "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, strlen(text), f), strlen(text));
    assert_int_equal(fclose(f), 0);
}

/* Output of a shell command (malloc'd) and its exit status. */
static inline char *
run(const char *cmd, int *status)
{
    FILE *p = popen(cmd, "r");
    size_t n = 0, cap = 1 << 16;
    char *buf = malloc(cap);
    size_t k;

    assert_non_null(p);
    assert_non_null(buf);
    while ((k = fread(buf + n, 1, cap - n - 1, p)) > 0)
    {
        n += k;
        if (n + 1 >= cap)
        {
            cap *= 2;
            buf = realloc(buf, cap);
            assert_non_null(buf);
        }
    }
    buf[n] = '\0';
    *status = pclose(p);
    return buf;
}

/* ---------------------------------------------------------------- results by hand */

static const char *disc_case =
    "[case]\n"
    "title    = Unit disc test: where ρ² < 1\n"
    "source   = test_report.c, exact area π/9 of the box\n"
    "template = t\n"
    "\n"
    "[parameters]\n"
    "x     = -3/2 .. 3/2 : abscissa of the point [m]\n"
    "y     = -3/2 .. 3/2 : ordinate of the point [m]\n"
    "mu    = 1/3         : Coulomb friction coefficient\n"
    "\n"
    "[define]\n"
    "rho2  = x^2 + y^2\n"
    "long_one = 1 + mu*x + mu^2*x^2 + mu^3*x^3 + mu^4*x^4 + mu^5*x^5 + mu^6*x^6 + mu^7*x^7\n"
    "    + mu^8*x^8 + mu^9*x^9 + mu^10*x^10 + mu^11*x^11 + mu^12*x^12 + mu^13*x^13\n"
    "\n"
    "[regions]\n"
    "inside  = rho2 < 1\n"
    "outside = rho2 > 1\n"
    "\n"
    "[plot disc]\n"
    "x = x\n"
    "y = y\n"
    "depth = 6\n"
    "title = The unit disc\n"
    "\n"
    "[point p]\n"
    "x = 1/2\n"
    "y = 1/2\n"
    "\n"
    "[claim small]\n"
    "says   = \"a point within 1/2 of the origin is inside\"\n"
    "kind   = implies\n"
    "claim  = rho2 < 1/4\n"
    "model  = rho2 < 1\n";

typedef struct
{
    case_t c;
    run_results res;
    expr_prog_t prog;
} fixture;

static inline void
eval_point(run_point *pt, const case_t *c, int index, slong prec)
{
    arb_ptr box = _arb_vec_init(c->nparams);
    int i;

    pt->index = index;
    pt->name = index < 0 ? "case" : c->points[index].name;
    pt->nq = c->ndefs;
    pt->qnames = flint_malloc(c->ndefs * sizeof(char *));
    pt->q = _arb_vec_init(c->ndefs);
    pt->qst = flint_malloc(c->ndefs * sizeof(expr_status));
    pt->nb = c->nregions;
    pt->bnames = flint_malloc(c->nregions * sizeof(char *));
    pt->b = flint_malloc(c->nregions * sizeof(expr_tv_t));
    case_point_box(box, c, index, prec);
    for (i = 0; i < c->ndefs; i++)
    {
        pt->qnames[i] = c->defs[i].name;
        pt->qst[i] = expr_eval_once(pt->q + i, NULL, c->defs[i].e, c->scope, box, prec);
    }
    for (i = 0; i < c->nregions; i++)
    {
        arb_t t;
        arb_init(t);
        pt->bnames[i] = c->regions[i].name;
        expr_eval_once(t, &pt->b[i], c->regions[i].e, c->scope, box, prec);
        arb_clear(t);
    }
    _arb_vec_clear(box, c->nparams);
}

static inline void
fixture_init(fixture *F)
{
    case_error_t e;
    expr_error_t ee;
    expr_t roots[2];
    arb_ptr box;
    pave_problem pb;
    run_plot *rp;
    int i;

    memset(F, 0, sizeof *F);
    write_text("disc.case", disc_case);
    if (case_read(&F->c, tmp_path("disc.case"), &e) != 0)
    {
        char b[1200];
        fc_error_format(b, sizeof b, &e);
        print_error("%s\n", b);
        fail();
    }
    F->res.c = &F->c;
    F->res.prec = 128;
    F->res.threads = 1;
    F->res.npoints = 2;
    F->res.points = flint_calloc(2, sizeof(run_point));
    eval_point(&F->res.points[0], &F->c, -1, 128);
    eval_point(&F->res.points[1], &F->c, 0, 128);

    /* the paving, as tests/test_pave.c sets one up */
    for (i = 0; i < 2; i++)
        roots[i] = expr_var(F->c.regions[i].name);
    F->prog = expr_compile(roots, 2, F->c.scope, &ee);
    for (i = 0; i < 2; i++)
        expr_free(roots[i]);
    assert_non_null(F->prog);
    F->res.nplots = 1;
    F->res.plots = flint_calloc(1, sizeof(run_plot));
    rp = &F->res.plots[0];
    rp->plot = &F->c.plots[0];
    rp->depth = 6;
    snprintf(rp->cells_file, sizeof rp->cells_file, "disc.cells.csv");
    arb_init(rp->x_lo); arb_init(rp->x_hi); arb_init(rp->y_lo); arb_init(rp->y_hi);
    expr_eval_once(rp->x_lo, NULL, rp->plot->x_lo, NULL, NULL, 128);
    expr_eval_once(rp->x_hi, NULL, rp->plot->x_hi, NULL, NULL, 128);
    expr_eval_once(rp->y_lo, NULL, rp->plot->y_lo, NULL, NULL, 128);
    expr_eval_once(rp->y_hi, NULL, rp->plot->y_hi, NULL, NULL, 128);
    box = _arb_vec_init(F->c.nparams);
    case_point_box(box, &F->c, -1, 128);
    memset(&pb, 0, sizeof pb);
    pb.prog = F->prog;
    pb.nregions = 2;
    pb.box = box;
    pb.nparams = F->c.nparams;
    pb.xparam = rp->plot->x;
    pb.yparam = rp->plot->y;
    pb.x_lo = rp->x_lo; pb.x_hi = rp->x_hi; pb.y_lo = rp->y_lo; pb.y_hi = rp->y_hi;
    pb.depth = 6;
    pb.threads = 1;
    pb.prec = 64;
    pb.max_prec = 256;
    pave_result_init(&rp->pave);
    assert_int_equal(pave_run(&rp->pave, &pb), 0);
    rp->ok = 1;
    _arb_vec_clear(box, F->c.nparams);

    /* a claim the test states itself (rho2 < 1/4 implies rho2 < 1 is true) */
    F->res.nclaims = 1;
    F->res.claims = flint_calloc(1, sizeof(claim_result));
    F->res.claims[0].claim = &F->c.claims[0];
    F->res.claims[0].status = CLAIM_PROVED;
    F->res.claims[0].detail = strdup("Shown by hand for this test: 1/4 < 1.");
    F->res.claims[0].plot = -1;

    assert_int_equal(run_sha256_file(tmp_path("disc.case"), F->res.sha256), 0);
    run_fill_versions(&F->res);
}

static inline void
fixture_clear(fixture *F)
{
    int i;

    for (i = 0; i < F->res.npoints; i++)
    {
        run_point *pt = &F->res.points[i];
        flint_free(pt->qnames);
        _arb_vec_clear(pt->q, pt->nq);
        flint_free(pt->qst);
        flint_free(pt->bnames);
        flint_free(pt->b);
    }
    flint_free(F->res.points);
    pave_result_clear(&F->res.plots[0].pave);
    arb_clear(F->res.plots[0].x_lo); arb_clear(F->res.plots[0].x_hi);
    arb_clear(F->res.plots[0].y_lo); arb_clear(F->res.plots[0].y_hi);
    flint_free(F->res.plots);
    free(F->res.claims[0].detail);
    flint_free(F->res.claims);
    expr_prog_free(F->prog);
    case_clear(&F->c);
}

/* Files in tmpdir whose name starts with a dot (atomic temporaries). */
static inline int
leftover_temporaries(void)
{
    DIR *d = opendir(tmpdir);
    struct dirent *e;
    int n = 0;

    assert_non_null(d);
    while ((e = readdir(d)) != NULL)
        n += e->d_name[0] == '.' && strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

/* Reads "[a, b]" right after KEY in TEXT into a, b (plain decimals). */
static inline int
find_interval(const char *text, const char *key, double *a, double *b)
{
    const char *p = strstr(text, key);
    if (p == NULL)
        return -1;
    p = strchr(p + strlen(key), '[');
    if (p == NULL || sscanf(p, "[%lf, %lf]", a, b) != 2)
        return -1;
    return 0;
}

/* The legend's "NAME  area ∈ [a, b]" (pdftotext may squeeze the spaces). */
static inline int
find_legend(const char *text, const char *name, double *a, double *b)
{
    const char *p = text;
    while ((p = strstr(p, name)) != NULL)
    {
        const char *q = p + strlen(name);
        while (*q == ' ')
            q++;
        if (strncmp(q, "area \xe2\x88\x88 [", 9) == 0 && sscanf(q + 9, "[%lf, %lf]", a, b) == 2)
            return 0;
        p = q;
    }
    return -1;
}

/* pi/9, the exact inside fraction, to 100 bits, as [lo, hi] doubles. */
static inline void
disc_fraction(double *lo, double *hi)
{
    mpfr_t x;
    mpfr_init2(x, 100);
    mpfr_const_pi(x, MPFR_RNDD);
    mpfr_div_ui(x, x, 9, MPFR_RNDD);
    *lo = mpfr_get_d(x, MPFR_RNDD);
    mpfr_const_pi(x, MPFR_RNDU);
    mpfr_div_ui(x, x, 9, MPFR_RNDU);
    *hi = mpfr_get_d(x, MPFR_RNDU);
    mpfr_clear(x);
}

static inline int
setup(void **state)
{
    (void) state;
    strcpy(tmpdir, "/tmp/fc_test_report.XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static inline int
teardown(void **state)
{
    char cmd[128];
    (void) state;
    if (getenv("FC_KEEP") == NULL)
    {
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
        return system(cmd) == 0 ? 0 : -1;
    }
    fprintf(stderr, "kept %s\n", tmpdir);
    return 0;
}

#endif
