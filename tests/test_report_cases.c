/* test_report_cases.c -- every shipped case through the whole pipeline
 * (run_case, results.json, cells CSV, figures, report.pdf), checked
 * with outside tools: qpdf --check, pdftotext (title, every parameter, every
 * region, the provenance line), pdffonts (all embedded), pdfimages (no
 * raster image), byte-identical repeat runs under SOURCE_DATE_EPOCH, and the
 * results.json / CSV contracts of DESIGN.md read back with jansson and
 * strtod. Depth is lowered (FC_TEST_DEPTH, default 6) to keep it quick. */
#include <dirent.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>
#include <jansson.h>
#include "report/report.h"
#include "run/run.h"
#include "report/results_json.h"

#include "test_report_fmt.h"

static char *slurp(const char *cmd, size_t *len)
{
    FILE *p = popen(cmd, "r");
    char *buf = NULL;
    size_t n = 0, cap = 0, k;
    if (p == NULL) return NULL;
    for (;;) {
        if (n + 4096 + 1 > cap) {
            cap = 2 * cap + 8192;
            buf = realloc(buf, cap);
        }
        k = fread(buf + n, 1, 4096, p);
        if (k == 0) break;
        n += k;
    }
    buf[n] = 0;
    pclose(p);
    if (len) *len = n;
    return buf;
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    long n;
    if (f == NULL) return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = malloc(n + 1);
    if (fread(buf, 1, n, f) != (size_t) n) n = 0;
    buf[n] = 0;
    fclose(f);
    *len = (size_t) n;
    return buf;
}

/* pdftotext output with every run of white space folded to one space. */
static char *pdf_text(const char *pdf)
{
    char cmd[1200], *t, *o, *q;
    snprintf(cmd, sizeof cmd, "pdftotext -enc UTF-8 '%s' - 2>/dev/null", pdf);
    t = slurp(cmd, NULL);
    assert_non_null(t);
    for (o = q = t; *q; q++) {
        int ws = *q == ' ' || *q == '\n' || *q == '\t' || *q == '\r' || *q == '\f';
        if (ws) { if (o > t && o[-1] != ' ') *o++ = ' '; }
        else *o++ = *q;
    }
    *o = 0;
    return t;
}

/* Folds white space (combining marks such as the dot of θ̇ are kept: the
 * text layer has them). */
static void fold(char *s)
{
    char *o = s, *q;
    for (q = s; *q; q++) {
        int ws = *q == ' ' || *q == '\n' || *q == '\t';
        if (ws) { if (o > s && o[-1] != ' ') *o++ = ' '; }
        else *o++ = *q;
    }
    *o = 0;
}

static int run_ok(const char *cmd)
{
    int r = system(cmd);
    return r == 0;
}

static void write_case(run_results *res, const char *dir)
{
    char path[1200], err[1024];
    char *json = report_json_dumps(res);
    FILE *f;
    int k;
    mkdir(dir, 0777);
    snprintf(path, sizeof path, "%s/results.json", dir);
    f = fopen(path, "wb");
    assert_non_null(f);
    fputs(json, f);
    fclose(f);
    flint_free(json);
    for (k = 0; k < res->nplots; k++) {
        const run_plot *rp = &res->plots[k];
        const char **names = malloc((run_plot_nregions(rp) + 1) * sizeof(char *));
        int r;
        for (r = 0; r < run_plot_nregions(rp); r++) names[r] = run_plot_region_name(rp, res->c, r);
        snprintf(path, sizeof path, "%s/%s", dir, res->plots[k].cells_file);
        f = fopen(path, "wb");
        assert_non_null(f);
        assert_int_equal(run_write_cells_csv(f, rp, names), 0);
        fclose(f);
        free(names);
    }
    snprintf(path, sizeof path, "%s/report.pdf", dir);
    if (write_pdf_fmt(res, "templates", path, err, sizeof err) != REPORT_OK) fail_msg("report: %s", err);
}

/* The results.json contract: required keys and types. */
static void check_json(const char *path, const case_t *c)
{
    json_error_t je;
    json_t *root = json_load_file(path, 0, &je), *v;
    size_t i;
    assert_non_null(root);
    assert_string_equal(json_string_value(json_object_get(root, "schema")), "fricert-results/1");
    assert_string_equal(json_string_value(json_object_get(root, "case")), c->id);
    assert_non_null(json_string_value(json_object_get(root, "title")));
    v = json_object_get(root, "engine");
    assert_non_null(json_string_value(json_object_get(v, "version")));
    assert_non_null(json_string_value(json_object_get(v, "flint")));
    assert_non_null(json_string_value(json_object_get(v, "arb")));
    assert_true(json_is_integer(json_object_get(v, "precision_bits")));
    v = json_object_get(root, "parameters");
    assert_int_equal(json_array_size(v), (size_t) c->nparams);
    v = json_object_get(root, "points");
    assert_true(json_array_size(v) >= 1);
    for (i = 0; i < json_array_size(v); i++) {
        json_t *pt = json_array_get(v, i);
        assert_true(json_is_object(json_object_get(pt, "at")));
        assert_true(json_is_object(json_object_get(pt, "quantities")));
        assert_true(json_is_object(json_object_get(pt, "regions")));
    }
    v = json_object_get(root, "plots");
    assert_int_equal(json_array_size(v), (size_t) c->nplots);
    for (i = 0; i < json_array_size(v); i++) {
        json_t *pl = json_array_get(v, i), *st = json_object_get(pl, "stats");
        assert_true(json_is_string(json_object_get(pl, "cells_file")));
        assert_true(json_is_array(json_object_get(pl, "x_range")));
        {
            json_t *u = json_object_get(json_object_get(pl, "area"), "undecided");
            assert_true(json_is_object(u));
            assert_true(json_is_number(json_object_get(u, "lo")) && json_is_number(json_object_get(u, "hi")));
            assert_true(json_number_value(json_object_get(u, "lo")) <= json_number_value(json_object_get(u, "hi")));
        }
        assert_true(json_is_integer(json_object_get(st, "cells")));
        assert_true(json_is_integer(json_object_get(st, "evaluations")));
        assert_true(json_is_integer(json_object_get(st, "max_depth")));
        assert_true(json_is_number(json_object_get(st, "seconds")));
    }
    v = json_object_get(root, "claims");
    assert_int_equal(json_array_size(v), (size_t) c->nclaims);
    for (i = 0; i < json_array_size(v); i++) {
        const char *s = json_string_value(json_object_get(json_array_get(v, i), "status"));
        assert_non_null(s);
        assert_true(strcmp(s, "proved") == 0 || strcmp(s, "refuted") == 0 || strcmp(s, "consistent") == 0 ||
                    strcmp(s, "inconclusive") == 0);
    }
    assert_true(json_is_integer(json_object_get(json_object_get(root, "expect"), "passed")));
    json_decref(root);
}

/* The cells CSV contract: header, five fields, decimals with >= 17 significant
 * digits, known labels, cells inside the paved box, areas adding up to 1. */
static void check_csv(const char *path, const run_plot *rp, const case_t *c)
{
    size_t len;
    char *t = read_file(path, &len), *line, *save;
    long rows = 0;
    double area = 0, W = arf_get_d(rp->pave.w, ARF_RND_NEAR), H = arf_get_d(rp->pave.h, ARF_RND_NEAR);
    assert_non_null(t);
    line = strtok_r(t, "\n", &save);
    assert_string_equal(line, "x_lo,x_hi,y_lo,y_hi,label,labels");
    while ((line = strtok_r(NULL, "\n", &save)) != NULL) {
        char *f[6], *p = line;
        double v[4];
        int k, r, ok = 0;
        for (k = 0; k < 6; k++) {
            f[k] = p;
            p = strchr(p, ',');
            if (k < 5) { assert_non_null(p); *p++ = 0; }
        }
        assert_null(p);   /* six columns; labels empty but in a multi-label plot */
        assert_true((rp->plot->nlabels > 0) == (f[5][0] != 0));
        for (k = 0; k < 4; k++) {
            char *end;
            int sig = 0, lead = 1;
            const char *q;
            v[k] = strtod(f[k], &end);
            assert_true(*end == 0);
            for (q = f[k]; *q; q++)
                if (*q >= '0' && *q <= '9') { if (*q != '0') lead = 0; if (!lead || *q == '0') sig++; }
            assert_true(sig >= 17);
        }
        assert_true(v[0] < v[1] && v[2] < v[3]);
        if (strcmp(f[4], "none") == 0 || strcmp(f[4], "undecided") == 0 || strcmp(f[4], "pending") == 0) ok = 1;
        for (r = 0; r < run_plot_nregions(rp); r++)
            if (strcmp(f[4], run_plot_region_name(rp, c, r)) == 0) ok = 1;
        assert_true(ok);
        area += (v[1] - v[0]) * (v[3] - v[2]);
        rows++;
    }
    assert_int_equal(rows, rp->pave.ncells);
    assert_true(fabs(area / (W * H) - 1) < 1e-9);
    free(t);
}

static void check_case(const char *file)
{
    case_t c;
    case_error_t err;
    run_results res;
    run_options opt;
    char d1[256], d2[256], cmd[1400], pdf[600], pdf2[600], *text, *fonts, *imgs;
    const char *depth = getenv("FC_TEST_DEPTH");
    int i, k;
    size_t l1, l2;
    char *b1, *b2;

    assert_int_equal(case_read(&c, file, &err), 0);
    memset(&opt, 0, sizeof opt);
    opt.depth = depth ? atoi(depth) : 6;
    opt.threads = 1;
    setenv("SOURCE_DATE_EPOCH", "1767225600", 1);
    assert_int_equal(run_case(&res, &c, &opt), 0);
    run_sha256_file(c.path, res.sha256);
    run_fill_versions(&res);
    snprintf(d1, sizeof d1, "/tmp/fricert-test-report-%ld-a", (long) getpid());
    snprintf(d2, sizeof d2, "/tmp/fricert-test-report-%ld-b", (long) getpid());
    write_case(&res, d1);
    write_case(&res, d2);
    snprintf(pdf, sizeof pdf, "%s/report.pdf", d1);
    snprintf(pdf2, sizeof pdf2, "%s/report.pdf", d2);

    /* reproducible bytes */
    b1 = read_file(pdf, &l1);
    b2 = read_file(pdf2, &l2);
    assert_non_null(b1);
    assert_true(l1 == l2 && memcmp(b1, b2, l1) == 0);
    free(b1);
    free(b2);

    snprintf(cmd, sizeof cmd, "qpdf --check '%s' >/dev/null 2>&1", pdf);
    assert_true(run_ok(cmd));
    text = pdf_text(pdf);
    {
        char *title = strdup(c.title);
        fold(title);
        if (strstr(text, title) == NULL) fail_msg("%s: title not found in report.pdf", file);
        free(title);
    }
    for (i = 0; i < c.nparams; i++) {
        /* the name as typeset: its letters by the default rule (thetadot as
           θ̇, written here independently of the math layout), a subscript
           a separate glyph run */
        const char *nm = c.params[i].name;
        size_t n = strcspn(nm, "_0123456789");
        char base[64], *u;
        int acc = n > 3 && strncmp(nm + n - 3, "dot", 3) == 0 && !(n > 4 && strncmp(nm + n - 4, "ddot", 4) == 0);
        snprintf(base, sizeof base, "%.*s", (int) (acc ? n - 3 : n), nm);
        u = expr_name_unicode(base);
        if (acc) {
            char *t = malloc(strlen(u) + 3);
            sprintf(t, "%s\xcc\x87", u);    /* combining dot above */
            flint_free(u);
            u = flint_malloc(strlen(t) + 1);
            strcpy(u, t);
            free(t);
            /* and never the raw name */
            if (strstr(text, nm) != NULL) fail_msg("%s: raw name %s in report.pdf", file, nm);
        }
        fold(u);
        if (strstr(text, u) == NULL) fail_msg("%s: parameter %s (%s) not in report.pdf", file, nm, u);
        flint_free(u);
    }
    for (i = 0; i < c.nregions; i++) {
        char *u = expr_name_unicode(c.regions[i].name);
        if (strstr(text, u) == NULL && strstr(text, c.regions[i].name) == NULL)
            fail_msg("%s: region %s not in report.pdf", file, c.regions[i].name);
        flint_free(u);
    }
    if (strstr(text, "Generated by fricert") == NULL) fail_msg("%s: no provenance line", file);
    if (strstr(text, res.sha256) == NULL) fail_msg("%s: no SHA-256 of the case file", file);
    free(text);

    snprintf(cmd, sizeof cmd, "pdffonts '%s' 2>/dev/null", pdf);
    fonts = slurp(cmd, NULL);
    {   /* every font row (after the two header lines) says emb = yes */
        char *line, *save;
        int row = 0, nfonts = 0;
        for (line = strtok_r(fonts, "\n", &save); line; line = strtok_r(NULL, "\n", &save), row++) {
            if (row < 2) continue;
            nfonts++;
            if (strstr(line, " yes ") == NULL) fail_msg("%s: font not embedded: %s", file, line);
        }
        assert_true(nfonts >= 1);
    }
    free(fonts);
    snprintf(cmd, sizeof cmd, "pdfimages -list '%s' 2>/dev/null | tail -n +3 | wc -l", pdf);
    imgs = slurp(cmd, NULL);
    assert_int_equal(atoi(imgs), 0);
    free(imgs);

    {
        char jp[600];
        snprintf(jp, sizeof jp, "%s/results.json", d1);
        check_json(jp, &c);
        for (k = 0; k < res.nplots; k++) {
            snprintf(jp, sizeof jp, "%s/%s", d1, res.plots[k].cells_file);
            check_csv(jp, &res.plots[k], &c);
        }
    }
    snprintf(cmd, sizeof cmd, "rm -rf '%s' '%s'", d1, d2);
    assert_true(run_ok(cmd));
    run_results_clear(&res);
    case_clear(&c);
    unsetenv("SOURCE_DATE_EPOCH");
    printf("  %s: report checked\n", file);
}

static void test_all_cases(void **state)
{
    DIR *d = opendir("cases");
    struct dirent *e;
    int n = 0;
    assert_non_null(d);
    while ((e = readdir(d)) != NULL) {
        char path[600];
        size_t l = strlen(e->d_name);
        if (l < 6 || strcmp(e->d_name + l - 5, ".case") != 0) continue;
        snprintf(path, sizeof path, "cases/%s", e->d_name);
        check_case(path);
        n++;
    }
    closedir(d);
    assert_true(n >= 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_all_cases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
