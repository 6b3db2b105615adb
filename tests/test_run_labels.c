/* test_run_labels.c -- multi-label plots (run_labels.c): every cell's certified labels checked against
 * exact rational geometry of the closed cell, the combination areas against the exact areas, the
 * post-pass on undecided cells, the cells CSV labels column, and the case-file errors. */
#include <jansson.h>
#include "test_ball_util.h"

/* A = x > 0, B = y > 0, C = x^2 + y^2 < 1/4 over [-1, 1]^2. */
static const char *text =
    "[case]\ntitle = t\n"
    "[parameters]\nx = -1 .. 1\ny = -1 .. 1\n"
    "[define]\nA = x > 0\nB = y > 0\nC = x^2 + y^2 < 1/4\n"
    "[regions]\nall = x > -2\n"
    "[plot m]\nx = x\ny = y\ndepth = 6\nlabels = A, B, C\n";

static int read_text(case_t *c, const char *t, case_error_t *err)
{
    char path[] = "/tmp/test_run_labels.XXXXXX";
    int fd = mkstemp(path), rc;
    assert_true(fd >= 0);
    assert_int_equal(write(fd, t, strlen(t)), (ssize_t) strlen(t));
    close(fd);
    rc = case_read(c, path, err);
    unlink(path);
    return rc;
}

/* min and max of v^2 over [lo, hi] (exact rationals) */
static void sq_range(fmpq_t mn, fmpq_t mx, const fmpq_t lo, const fmpq_t hi)
{
    fmpq_t a, b;
    fmpq_init(a); fmpq_init(b);
    fmpq_mul(a, lo, lo);
    fmpq_mul(b, hi, hi);
    if (fmpq_cmp(a, b) > 0) fmpq_set(mx, a); else fmpq_set(mx, b);
    if (fmpq_sgn(lo) <= 0 && fmpq_sgn(hi) >= 0) fmpq_zero(mn);
    else if (fmpq_cmp(a, b) < 0) fmpq_set(mn, a); else fmpq_set(mn, b);
    fmpq_clear(a); fmpq_clear(b);
}

static void arf_to_fmpq(fmpq_t q, const arf_t x)
{
    fmpz_t m, e;
    fmpz_init(m); fmpz_init(e);
    arf_get_fmpz_2exp(m, e, x);
    fmpq_set_fmpz_frac(q, m, (const fmpz *) &(fmpz){1});
    if (fmpz_sgn(e) >= 0) fmpq_mul_2exp(q, q, fmpz_get_ui(e));
    else fmpq_div_2exp(q, q, (ulong) -fmpz_get_si(e));
    fmpz_clear(m); fmpz_clear(e);
}

static void test_cells(void **state)
{
    case_t c;
    case_error_t err;
    run_results res;
    run_options opt;
    const run_plot *rp;
    const pave_result *pr;
    long i, undec_with_b = 0, decided = 0;
    int k, seen7 = 0, seen0 = 0;
    fmpq_t xl, xh, yl, yh, mnx, mxx, mny, mxy, s, quarter;
    arf_t a, b, cc, d;
    double pi64 = 3.14159265358979323846 / 64;

    assert_int_equal(read_text(&c, text, &err), 0);
    assert_int_equal(c.nplots, 1);
    assert_int_equal(c.plots[0].nlabels, 3);
    memset(&opt, 0, sizeof opt);
    opt.threads = 1;
    assert_int_equal(run_case(&res, &c, &opt), 0);
    rp = &res.plots[0];
    pr = &rp->pave;
    assert_true(rp->ok);
    assert_int_equal(run_plot_nregions(rp), rp->nsets);
    fmpq_init(xl); fmpq_init(xh); fmpq_init(yl); fmpq_init(yh);
    fmpq_init(mnx); fmpq_init(mxx); fmpq_init(mny); fmpq_init(mxy); fmpq_init(s); fmpq_init(quarter);
    fmpq_set_si(quarter, 1, 4);
    arf_init(a); arf_init(b); arf_init(cc); arf_init(d);
    for (i = 0; i < pr->ncells; i++) {
        const pave_cell *cl = pr->cells + i;
        uint32_t t = rp->cell_true[i], f = rp->cell_false[i];
        assert_true((t & f) == 0);
        pave_cell_ends(a, b, cc, d, pr, cl);
        arf_to_fmpq(xl, a); arf_to_fmpq(xh, b); arf_to_fmpq(yl, cc); arf_to_fmpq(yh, d);
        /* A, B: true iff the closed cell is in x > 0; false iff in x <= 0 (soundness), and decided
           wherever the cell does not touch the axis (completeness for a linear predicate) */
        if (t & 1) assert_true(fmpq_sgn(xl) > 0);
        if (f & 1) assert_true(fmpq_sgn(xh) <= 0);
        if (fmpq_sgn(xl) > 0) assert_true(t & 1);
        if (fmpq_sgn(xh) < 0) assert_true(f & 1);
        if (t & 2) assert_true(fmpq_sgn(yl) > 0);
        if (f & 2) assert_true(fmpq_sgn(yh) <= 0);
        if (fmpq_sgn(yl) > 0) assert_true(t & 2);
        if (fmpq_sgn(yh) < 0) assert_true(f & 2);
        /* C: true needs max x^2 + y^2 < 1/4 on the cell; false needs min >= 1/4 */
        sq_range(mnx, mxx, xl, xh);
        sq_range(mny, mxy, yl, yh);
        fmpq_add(s, mxx, mxy);
        if (t & 4) assert_true(fmpq_cmp(s, quarter) < 0);
        fmpq_add(s, mnx, mny);
        if (f & 4) assert_true(fmpq_cmp(s, quarter) >= 0);
        if (cl->label >= 0) {
            /* a labelled cell: every label decided, and the region is that combination */
            assert_int_equal(t | f, 7);
            assert_int_equal(rp->sets[cl->label], t);
            decided++;
        } else {
            assert_true((t | f) != 7);
            if (cl->label == PAVE_UNDECIDED && (t | f) & 2) undec_with_b++;
        }
    }
    /* cells on x = 0 away from y = 0 and from the circle: undecided, yet B is certified on them */
    assert_true(undec_with_b > 0);
    assert_true(decided > 0);
    /* the areas bound the exact ones: {A,B,C} = pi/64 of the box, {} = (1 - pi/16)/4 */
    for (k = 0; k < rp->nsets; k++) {
        if (rp->sets[k] == 7) {
            seen7 = 1;
            assert_true(pr->area_lo[k] <= pi64 && pi64 <= pr->area_hi[k]);
            assert_string_equal(run_plot_region_name(rp, &c, k), "A+B+C");
        }
        if (rp->sets[k] == 0) {
            seen0 = 1;
            assert_true(pr->area_lo[k] <= 0.25 - pi64 && 0.25 - pi64 <= pr->area_hi[k]);
            assert_string_equal(run_plot_region_name(rp, &c, k), "{}");
        }
        if (k) assert_true(rp->sets[k - 1] < rp->sets[k]);
    }
    assert_true(seen7 && seen0);
    /* the circle meets all four quadrants: all 8 combinations occur */
    assert_int_equal(rp->nsets, 8);
    /* the CSV: header, and the labels column of the first cell as its statuses say */
    {
        FILE *fp = tmpfile();
        char line[4096], want[256];
        const char **names = flint_malloc(rp->nsets * sizeof(char *));
        for (k = 0; k < rp->nsets; k++) names[k] = run_plot_region_name(rp, &c, k);
        assert_int_equal(run_write_cells_csv(fp, rp, names), 0);
        rewind(fp);
        assert_non_null(fgets(line, sizeof line, fp));
        assert_string_equal(line, "x_lo,x_hi,y_lo,y_hi,label,labels\n");
        assert_non_null(fgets(line, sizeof line, fp));
        snprintf(want, sizeof want, ",A=%s;B=%s;C=%s\n",
                 rp->cell_true[0] & 1 ? "true" : rp->cell_false[0] & 1 ? "false" : "unknown",
                 rp->cell_true[0] & 2 ? "true" : rp->cell_false[0] & 2 ? "false" : "unknown",
                 rp->cell_true[0] & 4 ? "true" : rp->cell_false[0] & 4 ? "false" : "unknown");
        assert_true(strlen(line) > strlen(want));
        assert_string_equal(line + strlen(line) - strlen(want), want);
        fclose(fp);
        flint_free(names);
    }
    /* results.json: the labels, and each combination's true labels */
    {
        char *js = report_json_dumps(&res);
        json_error_t je;
        json_t *doc = json_loads(js, 0, &je), *p, *sets, *abc;
        assert_non_null(doc);
        p = json_array_get(json_object_get(doc, "plots"), 0);
        assert_int_equal(json_array_size(json_object_get(p, "labels")), 3);
        assert_string_equal(json_string_value(json_array_get(json_object_get(p, "labels"), 2)), "C");
        sets = json_object_get(p, "label_sets");
        assert_int_equal(json_object_size(sets), 8);
        abc = json_object_get(sets, "A+B+C");
        assert_int_equal(json_array_size(abc), 3);
        assert_int_equal(json_array_size(json_object_get(sets, "{}")), 0);
        assert_non_null(json_object_get(json_object_get(p, "area"), "A+B+C"));
        json_decref(doc);
        flint_free(js);
    }
    arf_clear(a); arf_clear(b); arf_clear(cc); arf_clear(d);
    fmpq_clear(xl); fmpq_clear(xh); fmpq_clear(yl); fmpq_clear(yh);
    fmpq_clear(mnx); fmpq_clear(mxx); fmpq_clear(mny); fmpq_clear(mxy); fmpq_clear(s); fmpq_clear(quarter);
    run_results_clear(&res);
    case_clear(&c);
}

/* Bad labels: an unknown or numeric name, twice, with regions or colours. */
static void test_errors(void **state)
{
    static const char *bad[][2] = {
        {"labels = A, Z\n", "'Z' is not a boolean definition or a region"},
        {"labels = A, q\n", "'q' is not a boolean definition or a region"},
        {"labels = A, A\n", "label 'A' listed twice"},
        {"labels = A\nregions = all\n", "either regions or labels"},
        {"labels = A\ncolour.all = #000000\n", "colours its label combinations"},
    };
    size_t k;
    for (k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        char t[1024];
        case_t c;
        case_error_t err;
        snprintf(t, sizeof t,
                 "[case]\ntitle = t\n[parameters]\nx = -1 .. 1\ny = -1 .. 1\n"
                 "[define]\nA = x > 0\nq = x + y\n[regions]\nall = x > -2\n[plot m]\nx = x\ny = y\n%s", bad[k][0]);
        assert_int_not_equal(read_text(&c, t, &err), 0);
        if (strstr(err.msg, bad[k][1]) == NULL) print_error("%s: got %s\n", bad[k][0], err.msg);
        assert_non_null(strstr(err.msg, bad[k][1]));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cells),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
