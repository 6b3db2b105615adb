/* test_case.c -- validation of a case (case_validate.c, case_lookup.c): a valid case read in full,
 * bound variables, and the errors of names, parameters, plots, points and [expect] lines with their
 * positions. */
#include "test_case_util.h"

static const char *rod =
    "[case]\n"                                                        /* 1 */
    "title    = Painlevé's rod ; comment\n"                            /* 2 */
    "source   = Rozenblat (2010) ch. 4 §2; spec/ch4.md\n"              /* 3 */
    "template = painleve\n"                                           /* 4 */
    "\n"                                                              /* 5 */
    "[parameters]\n"                                                  /* 6 */
    "theta = 0 .. pi/2 : angle of the rod [rad]\n"                    /* 7 */
    "mu    = 0 .. 3    : friction coefficient\n"                      /* 8 */
    "k     = 3         : m h^2 / J\n"                                 /* 9 */
    "g     = 981/100   : gravity [m/s^2]\n"                           /* 10 */
    "[define]\n"                                                      /* 11 */
    "B  = 1 + k*cos(theta)^2\n"                                       /* 12 */
    "     - mu*k*sin(theta)*cos(theta)\n"                             /* 13 */
    "A0 = -g\n"                                                       /* 14 */
    "paradox = B < 0\n"                                               /* 15 */
    "[regions]\n"                                                     /* 16 */
    "unique        = B > 0\n"                                         /* 17 */
    "indeterminate = B < 0 and A0 > 0\n"                              /* 18 */
    "inconsistent  = B < 0 and A0 < 0\n"                              /* 19 */
    "[plot main]\n"                                                   /* 20 */
    "x = theta : 0 .. pi/4\n"                                         /* 21 */
    "y = mu\n"                                                        /* 22 */
    "depth = 12\n"                                                    /* 23 */
    "regions = inconsistent, unique\n"                                /* 24 */
    "colour.unique = #0072b2\n"                                       /* 25 */
    "[point book]\n"                                                  /* 26 */
    "theta = atan(2)\n"                                               /* 27 */
    "mu    = 5/3\n"                                                   /* 28 */
    "[claim textbook]\n"                                              /* 29 */
    "says = \"the paradox needs mu > 4/3\"\n"                         /* 30 */
    "[expect]\n"                                                      /* 31 */
    "B@book = -2/5 +/- 1e-30\n"                                       /* 32 */
    "unique@book = false\n"                                           /* 33 */
    "claim.textbook = proved\n";                                      /* 34 */

static void test_valid_case(void **state)
{
    case_t c;
    case_error_t err;
    const char *path = write_file("rod.case", rod, strlen(rod));
    arb_ptr box;
    fmpq_t q;
    arb_t t, r;
    expr_tv_t tv;
    int rc = case_read(&c, path, &err);
    if (rc) print_error("%d:%d: %s\n", err.line, err.col, err.msg);
    assert_int_equal(rc, 0);
    assert_string_equal(c.id, "rod");
    assert_string_equal(c.title, "Painlevé's rod");
    assert_string_equal(c.source, "Rozenblat (2010) ch. 4 §2; spec/ch4.md");
    assert_string_equal(c.template_name, "painleve");
    assert_null(c.summary);
    assert_int_equal(c.prec, 128);

    assert_int_equal(c.nparams, 4);
    assert_string_equal(c.params[0].name, "theta");
    assert_int_equal(c.params[0].is_range, 1);
    assert_string_equal(c.params[0].desc, "angle of the rod");
    assert_string_equal(c.params[0].unit, "rad");
    assert_string_equal(c.params[1].unit, "");
    assert_string_equal(c.params[1].desc, "friction coefficient");
    assert_int_equal(c.params[2].is_range, 0);
    assert_string_equal(c.params[3].unit, "m/s^2");
    assert_int_equal(c.params[3].line, 10);
    assert_int_equal(case_param_index(&c, "g"), 3);
    assert_int_equal(expr_scope_nparams(c.scope), 4);
    assert_string_equal(expr_scope_param_name(c.scope, 1), "mu");

    /* value balls: g = 981/100 exactly inside, theta's ball covers [0, pi/2] */
    fmpq_init(q);
    arb_init(t);
    arb_init(r);
    fmpq_set_si(q, 981, 100);
    arb_set_fmpq(t, q, 256);
    assert_true(arb_contains(c.params[3].value_ball, t));
    assert_true(arb_contains_zero(c.params[0].value_ball));
    arb_const_pi(t, 256);
    arb_mul_2exp_si(t, t, -1);
    assert_true(arb_contains(c.params[0].value_ball, t));
    assert_true(arb_contains(c.params[0].hi_ball, t));

    assert_int_equal(c.ndefs, 3);
    assert_int_equal(c.defs[0].is_bool, 0);
    assert_int_equal(c.defs[2].is_bool, 1);
    assert_int_equal(case_def_index(&c, "A0"), 1);
    assert_int_equal(c.nregions, 3);
    assert_int_equal(case_region_index(&c, "inconsistent"), 2);
    assert_true(c.regions[0].is_bool);

    assert_int_equal(c.nplots, 1);
    assert_string_equal(c.plots[0].name, "main");
    assert_int_equal(c.plots[0].x, 0);
    assert_int_equal(c.plots[0].y, 1);
    assert_int_equal(c.plots[0].depth, 12);
    assert_int_equal(c.plots[0].nregions, 2);
    assert_int_equal(c.plots[0].regions[0], 2);
    assert_int_equal(c.plots[0].regions[1], 0);
    assert_null(c.plots[0].colours[0]);
    assert_string_equal(c.plots[0].colours[1], "#0072b2");
    assert_int_equal(c.plots[0].x_hi->kind, EXPR_DIV);   /* pi/4, the narrowing */
    assert_int_equal(c.plots[0].y_hi->kind, EXPR_NUM);   /* 3, the parameter's */

    assert_int_equal(c.npoints, 1);
    assert_int_equal(case_point_index(&c, "book"), 0);
    assert_int_equal(c.points[0].nset, 2);
    assert_int_equal(c.points[0].set_param[1], 1);

    assert_int_equal(c.nclaims, 1);
    assert_non_null(c.claims[0].says);   /* the `says` key, as written */
    assert_string_equal(c.claims[0].says, "\"the paradox needs mu > 4/3\"");

    assert_int_equal(c.nexpect, 3);
    assert_int_equal(c.expect[0].kind, CASE_EXPECT_VALUE);
    assert_string_equal(c.expect[0].target, "B");
    assert_int_equal(c.expect[0].point, 0);
    assert_int_equal(c.expect[0].line, 32);
    fmpq_set_si(q, 1, 1);
    {
        fmpz_t ten;
        fmpz_init(ten);
        fmpz_set_ui(ten, 10);
        fmpz_pow_ui(ten, ten, 30);
        fmpq_set_fmpz_frac(q, fmpq_numref(q), ten);
        fmpz_clear(ten);
    }
    assert_true(fmpq_equal(c.expect[0].tol, q));
    assert_int_equal(c.expect[1].kind, CASE_EXPECT_TRUTH);
    assert_int_equal(c.expect[1].truth, EXPR_TV_FALSE);
    assert_int_equal(c.expect[2].kind, CASE_EXPECT_CLAIM);
    assert_string_equal(c.expect[2].status, "proved");

    /* The two-line definition of B, evaluated at the book point: with
     * tan(theta) = 2, cos^2 = 1/5, sin cos = 2/5, so B = 1 + 3/5 - 5/3*3*2/5
     * = -2/5 exactly; the box holds theta = atan(2) and mu = 5/3. */
    box = _arb_vec_init(c.nparams);
    case_point_box(box, &c, 0, 128);
    fmpq_set_si(q, 5, 3);
    arb_set_fmpq(t, q, 256);
    assert_true(arb_contains(box + 1, t));
    assert_true(arb_rel_accuracy_bits(box + 1) > 100);
    assert_int_equal(expr_eval_once(r, &tv, c.defs[0].e, c.scope, box, 128), EXPR_DEFINED);
    fmpq_set_si(q, -2, 5);
    arb_set_fmpq(t, q, 256);
    assert_true(arb_contains(r, t));
    assert_true(mag_cmp_2exp_si(arb_radref(r), -100) < 0);
    /* the case's own box: theta over [0, pi/2] */
    case_point_box(box, &c, -1, 128);
    assert_true(arb_contains_zero(box + 0));
    arb_const_pi(t, 256);
    arb_mul_2exp_si(t, t, -1);
    assert_true(arb_contains(box + 0, t));
    _arb_vec_clear(box, c.nparams);

    arb_clear(t);
    arb_clear(r);
    fmpq_clear(q);
    case_clear(&c);
}


/* disc(P, x) binds x: a constant may use it, and a definition may bind a
 * name that is defined further down. disc(x^2 - 1) = 0 - 4*1*(-1) = 4. */
static void test_bound_variables(void **state)
{
    const char *text = HEAD "[parameters]\nc = disc(x^2 - 1, x) : four\n[define]\nu = disc(zz^2 - 1, zz) + c\nzz = 3\n";
    case_t c;
    case_error_t err;
    arb_t r, t;
    expr_tv_t tv;
    int rc = case_read(&c, write_file("bound.case", text, strlen(text)), &err);
    if (rc) print_error("%d:%d: %s\n", err.line, err.col, err.msg);
    assert_int_equal(rc, 0);
    arb_init(r);
    arb_init(t);
    arb_set_ui(t, 4);
    assert_true(arb_equal(c.params[0].value_ball, t));
    assert_int_equal(expr_eval_once(r, &tv, c.defs[0].e, c.scope, c.params[0].value_ball, 64), EXPR_DEFINED);
    arb_set_ui(t, 8);
    assert_true(arb_equal(r, t));
    arb_clear(r);
    arb_clear(t);
    case_clear(&c);
}

static void test_name_errors(void **state)
{
    expect_error(HEAD "[parameters]\nx = 1\n[define]\nx = 2\n", 6, 1, "duplicate name 'x' (first defined at line 4)");
    expect_error(HEAD "[define]\nA = 1\n[regions]\nA = 1 > 0\n", 6, 1,
                 "duplicate name 'A' (first defined at line 4)");
    expect_error(HEAD "[parameters]\npi = 3\n", 4, 1, "'pi' is reserved (a constant, keyword or function name)");
    expect_error(HEAD "[parameters]\n2x = 3\n", 4, 1,
                 "'2x' is not a name (letters, digits and _, not starting with a digit)");
    expect_error(HEAD "[define]\nA = B + 1\nB = 2\n", 4, 5, "'B' is used before its definition (line 5)");
    expect_error(HEAD "[define]\nA = 2 * B + 1\nB = C\nC = A\n", 4, 9, "definition cycle: A -> B -> C -> A");
    expect_error(HEAD "[define]\nA = A + 1\n", 4, 5, "'A' is defined in terms of itself");
    expect_error(HEAD "[define]\nA = 1 + * 2\n", 4, 9, "expected a number, a name or '(', found '*'");
    expect_error(HEAD "[define]\nA = 1 + zz\n", 4, 9, "unknown name 'zz'");
    expect_error(HEAD "[define]\nA = 1\n[regions]\nr = A + 1\n", 6, 5,
                 "region 'r' must be a predicate (a comparison or logic), not a number");
}

static void test_param_errors(void **state)
{
    expect_error(HEAD "[parameters]\nx = 2 .. 1\n", 4, 7, "reversed range: LO > HI");
    expect_error(HEAD "[parameters]\nx = 1 .. 1 : d\n", 4, 7, "empty range: LO = HI (write a single value instead)");
    expect_error(HEAD "[parameters]\nx = sqrt(2)^2 .. 2\n", 4, 15, "cannot certify LO < HI");
    expect_error(HEAD "[parameters]\nx = 1\ny = x + 1\n", 5, 5,
                 "the value of 'y' must be a constant expression (no names): 'x'");
    expect_error(HEAD "[parameters]\nx = 0 .. sqrt(-1)\n", 4, 10, "the upper end of the range of 'x' is undefined "
                 "(outside the domain of a function)");
    expect_error(HEAD "[parameters]\nx = 1 .. \n", 4, 9, "empty expression");
}

#define PLOTCASE HEAD "[parameters]\nt = 0 .. pi/2\nm = 0 .. 3\nk = 3\n[regions]\nu = m > 0\nv = m < 0\n[plot p]\n"
/* PLOTCASE ends at line 10 */

static void test_plot_errors(void **state)
{
    expect_error(PLOTCASE "x = k\ny = m\n", 11, 5,
                 "'k' is not a range parameter (plot axes need NAME = LO .. HI in [parameters])");
    expect_error(PLOTCASE "x = q\ny = m\n", 11, 5, "unknown parameter 'q'");
    expect_error(PLOTCASE "x = t : 0 .. 2\ny = m\n", 11, 9, "plot range is outside the range of parameter 't'");
    expect_error(PLOTCASE "x = t : 0 .. pi/2\ny = t\n", 12, 5, "x and y are the same parameter 't'");
    expect_error(PLOTCASE "x = t\n", 10, 2, "[plot p] needs y = PARAMETER");
    expect_error(PLOTCASE "x = t\ny = m\nregions = u, w\n", 13, 14, "unknown region 'w'");
    expect_error(PLOTCASE "x = t\ny = m\nregions = u,, v\n", 13, 13, "expected a region name");
    expect_error(PLOTCASE "x = t\ny = m\ncolour.u = blue\n", 13, 12, "colour must be #rrggbb (six hexadecimal digits)");
    expect_error(PLOTCASE "x = t\ny = m\nregions = v\ncolour.u = #000000\n", 14, 8,
                 "region 'u' is not shown in this plot");
    expect_error(PLOTCASE "x = t\ny = m\ndepth = 0\n", 13, 9, "depth must be an integer from 1 to 24");
    expect_error(PLOTCASE "x = t\ny = m\ndepth = 25\n", 13, 9, "depth must be an integer from 1 to 24");
    expect_error(PLOTCASE "x = t\ny = m\nzoom = 2\n", 13, 1,
                 "unknown key 'zoom' in [plot]; expected x, y, depth, max_cells, seconds, title, x_label, "
                 "y_label, regions, labels, colour.REGION, fix.PARAMETER or family");
}

static void test_point_and_expect_errors(void **state)
{
    expect_error(PLOTCASE "x = t\ny = m\n[point a]\nq = 1\n", 14, 1, "unknown parameter 'q'");
    expect_error(PLOTCASE "x = t\ny = m\n[point a]\nm = 2*t\n", 14, 7,
                 "a point value must be a constant expression (no names): 't'");
    expect_error(PLOTCASE "x = t\ny = m\n[expect]\nw = 1 +/- 0\n", 14, 1,
                 "unknown name 'w' (not a parameter, definition or region)");
    expect_error(PLOTCASE "x = t\ny = m\n[expect]\nu@nowhere = true\n", 14, 3, "unknown point 'nowhere'");
    expect_error(PLOTCASE "x = t\ny = m\n[expect]\nclaim.c = proved\n", 14, 7, "unknown claim 'c'");
    expect_error(PLOTCASE "x = t\ny = m\n[expect]\nk = 3 +/- -1\n", 14, 11, "tolerance must be >= 0");
    expect_error(PLOTCASE "x = t\ny = m\n[expect]\nk = 3 +/- x\n", 14, 11,
                 "tolerance must be an exact number such as 1e-20 or 1/1000");
    expect_error(PLOTCASE "x = t\ny = m\n[expect]\nk = 3\n", 14, 5, "expected VALUE +/- TOL");
    expect_error(PLOTCASE "x = t\ny = m\n[expect]\nk = true\n", 14, 5, "'k' is a number; expected VALUE +/- TOL");
    expect_error(PLOTCASE "x = t\ny = m\n[expect]\nu = 1 +/- 0\n", 14, 5,
                 "'u' is a predicate; expected true, false or unknown");
}

/* A plot family expands into one plot per value, each with its fix.; a plot's fix. values are kept in
 * order; an included .defs file's definitions come first, located in their file on error. */
static void test_family_fix_include(void **state)
{
    const char *text = HEAD "include = shared.defs\n[parameters]\nt = 0 .. 1\nm = 0 .. 3\nk = 3\nq = 1\n"
                            "[define]\nw = sq + 1\n[regions]\nu = m > k*t\n"
                            "[plot p]\nx = t\ny = m\ntitle = P\nfix.q = t/2\nfamily = k : 1, 5/2, 4\n";
    const char *defs = "[define]\nsq = t^2\n";
    case_t c;
    case_error_t err;
    arb_t v, w;
    int rc, i;
    (void) state;
    write_file("shared.defs", defs, strlen(defs));
    rc = case_read(&c, write_file("fam.case", text, strlen(text)), &err);
    if (rc) print_error("%d:%d: %s\n", err.line, err.col, err.msg);
    assert_int_equal(rc, 0);
    assert_int_equal(c.nplots, 3);
    assert_string_equal(c.plots[0].name, "p_1");
    assert_string_equal(c.plots[2].name, "p_3");
    assert_string_equal(c.plots[1].title, "P (k = 5/2)");
    arb_init(v); arb_init(w);
    for (i = 0; i < 3; i++) {
        assert_int_equal(c.plots[i].nfix, 2);
        assert_int_equal(c.plots[i].fix_param[0], case_param_index(&c, "q"));
        assert_int_equal(c.plots[i].fix_param[1], case_param_index(&c, "k"));
        expr_eval_once(v, NULL, c.plots[i].fix_value[1], NULL, NULL, 64);
        arb_set_si(w, i == 0 ? 2 : i == 1 ? 5 : 8);
        arb_mul_2exp_si(w, w, -1);
        assert_true(arb_equal(v, w));
    }
    arb_clear(v); arb_clear(w);
    /* the included definition comes before the case's own */
    assert_string_equal(c.defs[0].name, "sq");
    assert_string_equal(c.defs[1].name, "w");
    case_clear(&c);
    /* an error in the included file is located there */
    write_file("shared.defs", "[define]\nsq = t^^2\n", 18);
    rc = case_read(&c, write_file("fam.case", text, strlen(text)), &err);
    assert_int_equal(rc, -1);
    assert_true(strstr(err.file, "shared.defs") != NULL);
    assert_int_equal(err.line, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_valid_case),
        cmocka_unit_test(test_bound_variables),
        cmocka_unit_test(test_name_errors),
        cmocka_unit_test(test_param_errors),
        cmocka_unit_test(test_plot_errors),
        cmocka_unit_test(test_point_and_expect_errors),
        cmocka_unit_test(test_family_fix_include),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
