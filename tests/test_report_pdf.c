/* test_report.c -- report.pdf and P.tex from a run_results built here by hand
 * (a small case read with case_read, its quantities evaluated with
 * expr_eval_once, a certified paving of the unit disc), checked with
 * independent tools: qpdf --check, pdftotext, pdffonts, pdfimages, cmp of two
 * runs, and the exact disc area pi/9 against the printed area bounds.  Also
 * SHA-256 against the FIPS 180-2 test vectors. */
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


/* report_write_pdf with its error formatted as "FILE:LINE:COL: message". */
static int
write_pdf_fmt(const run_results *res, const char *dir, const char *path, char *err, size_t n)
{
    fc_error e;
    int r;
    memset(&e, 0, sizeof e);
    r = report_write_pdf(res, dir, path, &e);
    fc_error_format(err, n, &e);
    return r;
}

static char tmpdir[64];

static const char *
tmp_path(const char *name)
{
    static char buf[4][256];
    static int k;
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "%s/%s", tmpdir, name);
    return buf[k];
}

static void
write_text(const char *name, const char *text)
{
    FILE *f = fopen(tmp_path(name), "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, strlen(text), f), strlen(text));
    assert_int_equal(fclose(f), 0);
}

/* Output of a shell command (malloc'd) and its exit status. */
static char *
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

static char *
read_file_all(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    long len;

    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    len = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = malloc(len + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, len, f), (size_t) len);
    buf[len] = '\0';
    fclose(f);
    *n = (size_t) len;
    return buf;
}

/* ---------------------------------------------------------------- SHA-256 */

static void
test_sha256(void **state)
{
    char hex[65];
    static const char *abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

    (void) state;
    run_sha256_hex("abc", 3, hex);
    assert_string_equal(hex, abc);
    run_sha256_hex("", 0, hex);
    assert_string_equal(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    run_sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 56, hex);
    assert_string_equal(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    write_text("abc.txt", "abc");
    assert_int_equal(run_sha256_file(tmp_path("abc.txt"), hex), 0);
    assert_string_equal(hex, abc);
    assert_int_equal(run_sha256_file(tmp_path("no-such-file"), hex), -1);
    assert_string_equal(hex, "");
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

static const char *good_tmpl =
    "%% a template using every placeholder\n"
    "# Summary\n"
    "\n"
    "{{summary}}\n"
    "\n"
    "At p the squared radius is {{q:rho2@p}} and inside is\n"
    "{{v:inside@p}}.\n"
    "\n"
    "# Parameters\n"
    "{{parameters}}\n"
    "# Definitions\n"
    "{{definitions}}\n"
    "# Points\n"
    "{{points}}\n"
    "# Plots\n"
    "{{plot:disc}}\n"
    "{{plots}}\n"
    "# Claims\n"
    "{{claims}}\n"
    "# Provenance\n"
    "{{provenance}}\n";

typedef struct
{
    case_t c;
    run_results res;
    expr_prog_t prog;
} fixture;

static void
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
    pt->b = flint_malloc(c->nregions * sizeof(tv_t));
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

static void
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

static void
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
static int
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
static int
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
static int
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
static void
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

static void
test_report_pdf(void **state)
{
    fixture F;
    char err[1024], cmd[600], *out, *name, pdf[256];
    int st, i, lines;
    double a, b, lo, hi;

    (void) state;
    fixture_init(&F);
    snprintf(pdf, sizeof pdf, "%s", tmp_path("report.pdf"));
    write_text("t.tmpl", good_tmpl);
    setenv("SOURCE_DATE_EPOCH", "1700000000", 1);
    st = write_pdf_fmt(&F.res, tmpdir, pdf, err, sizeof err);
    if (st != 0)
        print_error("%s\n", err);
    assert_int_equal(st, REPORT_OK);
    assert_int_equal(leftover_temporaries(), 0);

    snprintf(cmd, sizeof cmd, "qpdf --check '%s' >/dev/null 2>&1", pdf);
    assert_int_equal(system(cmd), 0);

    snprintf(cmd, sizeof cmd, "pdftotext -enc UTF-8 '%s' - 2>/dev/null", pdf);
    out = run(cmd, &st);
    assert_int_equal(st, 0);
    assert_non_null(strstr(out, "Unit disc test: where ρ² < 1"));
    for (i = 0; i < F.c.nparams; i++)
    {
        name = expr_name_unicode(F.c.params[i].name);
        if (strstr(out, name) == NULL || strstr(out, F.c.params[i].desc) == NULL)
            print_error("parameter %s not found\n", name);
        assert_non_null(strstr(out, name));
        assert_non_null(strstr(out, F.c.params[i].desc));
        flint_free(name);
    }
    assert_non_null(strstr(out, "μ"));          /* Greek from expr_name_unicode("mu") */
    for (i = 0; i < F.c.nregions; i++)
        assert_non_null(strstr(out, F.c.regions[i].name));
    assert_non_null(strstr(out, "Generated by fricert " FC_VERSION));
    assert_non_null(strstr(out, F.res.sha256));
    assert_non_null(strstr(out, "2023-11-14"));    /* SOURCE_DATE_EPOCH 1700000000, UTC */
    assert_non_null(strstr(out, "a point within 1/2 of the origin is inside"));
    assert_non_null(strstr(out, "Verdict: proved"));
    /* inline placeholders: rho2 at (1/2, 1/2) is exactly 1/2, inside is true */
    assert_non_null(strstr(out, "squared radius is 0.500000000000000 and inside is true."));
    /* the certified inside fraction brackets the exact pi/9 */
    disc_fraction(&lo, &hi);
    assert_int_equal(find_legend(out, "inside", &a, &b), 0);
    assert_true(a <= lo && hi <= b);
    assert_true(b - a < 0.1);
    assert_int_equal(find_legend(out, "outside", &a, &b), 0);
    assert_true(a <= 1 - hi && 1 - lo <= b);
    /* the long definition is wrapped: no line of the page text is cut, all
     * 13 powers appear */
    assert_non_null(strstr(out, "μ¹³"));
    free(out);

    /* every text line inside the margins: pdftotext -bbox gives word boxes */
    snprintf(cmd, sizeof cmd, "pdftotext -bbox '%s' - 2>/dev/null | grep -c '<word' ", pdf);
    out = run(cmd, &st);
    lines = atoi(out);
    free(out);
    assert_true(lines > 100);
    snprintf(cmd, sizeof cmd, "pdftotext -bbox '%s' - 2>/dev/null | "
             "awk -F'\"' '/<word/ { if ($2 < 55 || $6 > 540) bad++ } END { print bad + 0 }'", pdf);
    out = run(cmd, &st);
    if (atoi(out) != 0)
        print_error("%s words outside the margins\n", out);
    assert_int_equal(atoi(out), 0);
    free(out);

    /* fonts embedded, no raster image, an outline */
    snprintf(cmd, sizeof cmd, "pdffonts '%s' 2>/dev/null | tail -n +3", pdf);
    out = run(cmd, &st);
    assert_true(strlen(out) > 0);
    {
        char *line = strtok(out, "\n");
        int nfonts = 0;
        for (; line; line = strtok(NULL, "\n"), nfonts++)
            assert_non_null(strstr(line, " yes "));
        assert_true(nfonts >= 1);
    }
    free(out);
    snprintf(cmd, sizeof cmd, "pdfimages -list '%s' 2>/dev/null | tail -n +3 | wc -l", pdf);
    out = run(cmd, &st);
    assert_int_equal(atoi(out), 0);
    free(out);
    snprintf(cmd, sizeof cmd, "pdfinfo '%s' 2>/dev/null", pdf);
    out = run(cmd, &st);
    assert_non_null(strstr(out, "Creator:         fricert " FC_VERSION));
    assert_non_null(strstr(out, "Title:           Unit disc test"));
    assert_non_null(strstr(out, "CreationDate:    Tue Nov 14 22:13:20 2023 UTC"));
    assert_non_null(strstr(out, "Page size:       595.276 x 841.89 pts (A4)"));
    free(out);
    {
        size_t n;
        char *raw = read_file_all(pdf, &n);
        assert_non_null(memmem(raw, n, "/Type /Outlines", 15));
        assert_null(memmem(raw, n, "/Subtype /Image", 15));
        free(raw);
    }
    fixture_clear(&F);
}

static void
test_reproducible(void **state)
{
    fixture F;
    char err[1024];
    size_t n1, n2;
    char *a, *b;

    (void) state;
    fixture_init(&F);
    write_text("t.tmpl", good_tmpl);
    setenv("SOURCE_DATE_EPOCH", "1234567890", 1);
    assert_int_equal(write_pdf_fmt(&F.res, tmpdir, tmp_path("r1.pdf"), err, sizeof err), 0);
    fixture_clear(&F);
    /* a second, independent computation of the same results */
    fixture_init(&F);
    assert_int_equal(write_pdf_fmt(&F.res, tmpdir, tmp_path("r2.pdf"), err, sizeof err), 0);
    a = read_file_all(tmp_path("r1.pdf"), &n1);
    b = read_file_all(tmp_path("r2.pdf"), &n2);
    assert_int_equal(n1, n2);
    assert_memory_equal(a, b, n1);
    assert_null(memmem(a, n1, "/ID", 3));
    /* and the date is really taken from the variable */
    setenv("SOURCE_DATE_EPOCH", "1234567891", 1);
    assert_int_equal(write_pdf_fmt(&F.res, tmpdir, tmp_path("r3.pdf"), err, sizeof err), 0);
    free(b);
    b = read_file_all(tmp_path("r3.pdf"), &n2);
    assert_true(n1 != n2 || memcmp(a, b, n1) != 0);
    free(a);
    free(b);
    fixture_clear(&F);
}

/* A wrong template: the exact located error, and no report written. */
static void
expect_template_error(fixture *F, const char *tmpl, const char *want)
{
    char err[1024], full[600], pdf[256];
    struct stat sb;
    int st;

    snprintf(pdf, sizeof pdf, "%s", tmp_path("bad.pdf"));
    write_text("t.tmpl", tmpl);
    unlink(pdf);
    st = write_pdf_fmt(&F->res, tmpdir, pdf, err, sizeof err);
    snprintf(full, sizeof full, "%s/t.tmpl:%s", tmpdir, want);
    if (st != REPORT_ERR_INPUT || strcmp(err, full) != 0)
        print_error("got %d '%s'\nwant '%s'\n", st, err, full);
    assert_int_equal(st, REPORT_ERR_INPUT);
    assert_string_equal(err, full);
    assert_int_not_equal(stat(pdf, &sb), 0);
    assert_int_equal(leftover_temporaries(), 0);
}

static void
test_template_errors(void **state)
{
    fixture F;
    char err[1024], want[400], *saved;
    int st;

    (void) state;
    fixture_init(&F);
    expect_template_error(&F, "# A\n\n{{nope}}\n",
                          "3:1: unknown placeholder {{nope}} (known: summary, parameters, "
                          "definitions, points, plots, plot:NAME, claims, provenance, "
                          "q:NAME@POINT, v:REGION@POINT)");
    expect_template_error(&F, "# A\n\nSome text {{q:rho2@nowhere}}.\n",
                          "3:11: no point 'nowhere' in case disc");
    expect_template_error(&F, "# A\n\nμμ {{q:nothing@p}}\n",
                          "3:4: no quantity 'nothing' in case disc");
    expect_template_error(&F, "# A\n\n{{q:inside@p}}\n",
                          "3:1: no quantity 'inside' in case disc (it is a predicate: use {{v:...}})");
    expect_template_error(&F, "# A\n  {{plot:nothere}}\n", "2:10: no plot 'nothere' in case disc");
    expect_template_error(&F, "# A\ntext {{points}} more\n",
                          "2:6: block placeholder {{points}} must stand alone on its line");
    expect_template_error(&F, "# A\ntext {{q:rho2@p\nmore}}\n",
                          "2:6: unterminated placeholder: '{{' without '}}' on its line");
    /* a missing template */
    saved = F.c.template_name;
    F.c.template_name = "absent";
    st = write_pdf_fmt(&F.res, tmpdir, tmp_path("bad.pdf"), err, sizeof err);
    snprintf(want, sizeof want, "%s/absent.tmpl:1:1: cannot open template (case disc asks for "
             "template 'absent')", tmpdir);
    assert_int_equal(st, REPORT_ERR_INPUT);
    assert_string_equal(err, want);
    F.c.template_name = saved;
    fixture_clear(&F);
}

static void
test_write_failure(void **state)
{
    fixture F;
    char err[1024];
    struct stat sb;

    (void) state;
    fixture_init(&F);
    write_text("t.tmpl", good_tmpl);
    assert_int_equal(write_pdf_fmt(&F.res, tmpdir, tmp_path("no/such/dir/r.pdf"), err, sizeof err), REPORT_ERR_IO);
    assert_int_not_equal(stat(tmp_path("no"), &sb), 0);
    assert_int_equal(leftover_temporaries(), 0);
    fixture_clear(&F);
}

static void
test_tex(void **state)
{
    fixture F;
    size_t n;
    char *t;
    double a, b, lo, hi;

    (void) state;
    fixture_init(&F);
    assert_int_equal(report_write_tex(&F.res, 0, tmpdir), 0);
    t = read_file_all(tmp_path("disc.tex"), &n);
    assert_non_null(strstr(t, "\\begin{figure}"));
    assert_non_null(strstr(t, "\\includegraphics[width=\\linewidth]{disc.pdf}"));
    assert_non_null(strstr(t, "\\end{figure}"));
    assert_non_null(strstr(t, F.res.sha256));
    assert_non_null(strstr(t, F.c.path));
    assert_non_null(strstr(t, "fricert " FC_VERSION));
    assert_non_null(strstr(t, "depth 6"));
    assert_non_null(strstr(t, "undecided $\\le "));
    disc_fraction(&lo, &hi);
    assert_int_equal(find_interval(t, "inside $\\in", &a, &b), 0);
    assert_true(a <= lo && hi <= b);
    assert_int_equal(find_interval(t, "outside $\\in", &a, &b), 0);
    assert_true(a <= 1 - hi && 1 - lo <= b);
    assert_int_equal(report_write_tex(&F.res, 1, tmpdir), -1);
    free(t);
    fixture_clear(&F);
}

/* The points table's enclosures contain the exact values: rho2 at the
 * case's own box [-3/2, 3/2]^2 is [0, 9/2]; at p it is 1/2. */
static void
test_ball_str(void **state)
{
    arb_t x, y;
    char *s, *t, *u;
    size_t k;
    fmpq_t q;

    (void) state;
    arb_init(x); arb_init(y);
    fmpq_init(q);
    fmpq_set_si(q, 2, 5);
    arb_set_fmpq(x, q, 128);
    s = fc_ball_str_unicode(x, 15, 128);
    /* back to arb syntax and parse: must contain 2/5 */
    t = malloc(strlen(s) + 8);
    for (k = 0, u = s; *u; )
    {
        if (strncmp(u, "\xc2\xb1", 2) == 0) { memcpy(t + k, "+/-", 3); k += 3; u += 2; }
        else if (strncmp(u, "\xe2\x88\x92", 3) == 0) { t[k++] = '-'; u += 3; }
        else t[k++] = *u++;
    }
    t[k] = '\0';
    assert_int_equal(arb_set_str(y, t, 128), 0);
    arb_set_fmpq(x, q, 300);
    assert_true(arb_contains(y, x));
    assert_non_null(strstr(s, "0.400000000000000"));
    flint_free(s);
    free(t);
    /* a negative number gets a true minus sign */
    arb_set_si(x, -3);
    arb_div_ui(x, x, 7, 128);
    s = fc_ball_str_unicode(x, 10, 128);
    assert_true(strncmp(s, "[\xe2\x88\x92" "0.428571428", 12) == 0);
    flint_free(s);
    arb_clear(x); arb_clear(y);
    fmpq_clear(q);
}

static int
setup(void **state)
{
    (void) state;
    strcpy(tmpdir, "/tmp/fc_test_report.XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int
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

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sha256),
        cmocka_unit_test(test_ball_str),
        cmocka_unit_test(test_report_pdf),
        cmocka_unit_test(test_reproducible),
        cmocka_unit_test(test_template_errors),
        cmocka_unit_test(test_write_failure),
        cmocka_unit_test(test_tex),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
