/* test_mech_contact.c -- a single frictional contact (mech_contact.c): Painlevé's rod against the
 * closed forms of spec/prior-art.md 3.1, random parameters in MPFR, the paving of its regions. */
#include "test_mech_util.h"

/* ------------------------------------------------- the rod: contact block */

/* Rod of prior-art §3.1: P = (x - h cos th, y - h sin th), slip velocity
 * xdot + h sin(th) thdot. direction = -1 is the spec's s = +1. */
static const char *rod_kv[] = {
    "type", "contact", "coords", "x, y, theta", "velocities", "xdot, ydot, thetadot",
    "mass", "diag(m, m, J)", "force", "0, -m*g, 0", "gap", "y - h*sin(theta)",
    "slip", "1, 0, h*sin(theta)", "friction", "mu", "direction", "-s", NULL};

#define ROD_PARAMS "x y theta xdot ydot thetadot m J h g mu s"

static void rod_point(arb_ptr box, const tm_t *t, double m, double J, double h, double g, double mu,
                      double s, double thd)
{
    set_box_d(box, t, "m", m);
    set_box_d(box, t, "J", J);
    set_box_d(box, t, "h", h);
    set_box_d(box, t, "g", g);
    set_box_d(box, t, "mu", mu);
    set_box_d(box, t, "s", s);
    set_box_d(box, t, "thetadot", thd);
    set_box_d(box, t, "x", 0);
    set_box_d(box, t, "y", 0);
    set_box_d(box, t, "xdot", -1);
    set_box_d(box, t, "ydot", 0);
}

/* B = 1/m + h^2 (cos^2 - s mu sin cos)/J, A0 = -g + h sin(th) thd^2 (MPFR) */
static void rod_closed(mpfr_t B, mpfr_t A0, double th, double m, double J, double h, double g,
                       double mu, double s, double thd)
{
    mpfr_t c, sn, t;
    mpfr_inits2(PREC, c, sn, t, (mpfr_ptr) 0);
    mpfr_set_d(t, th, MPFR_RNDN);
    mpfr_sin_cos(sn, c, t, MPFR_RNDN);
    mpfr_mul(t, sn, c, MPFR_RNDN);
    mpfr_mul_d(t, t, s * mu, MPFR_RNDN);
    mpfr_sqr(B, c, MPFR_RNDN);
    mpfr_sub(B, B, t, MPFR_RNDN);
    mpfr_mul_d(B, B, h * h, MPFR_RNDN);
    mpfr_div_d(B, B, J, MPFR_RNDN);
    mpfr_set_d(t, 1, MPFR_RNDN);
    mpfr_div_d(t, t, m, MPFR_RNDN);
    mpfr_add(B, B, t, MPFR_RNDN);
    mpfr_mul_d(A0, sn, h * thd * thd, MPFR_RNDN);
    mpfr_sub_d(A0, A0, g, MPFR_RNDN);
    mpfr_clears(c, sn, t, (mpfr_ptr) 0);
}

static void test_rod_random(void **state)
{
    tm_t t;
    arb_ptr box;
    int it;
    mpfr_t B, A0;
    tm_build(&t, ROD_PARAMS, "rod", rod_kv);
    if (t.rc) fail_msg("%s:%d:%d: %s", t.err.file, t.err.line, t.err.col, t.err.msg);
    box = _arb_vec_init(t.np);
    mpfr_inits2(PREC, B, A0, (mpfr_ptr) 0);
    for (it = 0; it < fc_test_iters(100); it++) {
        double m = rnd(0.1, 4), J = rnd(0.05, 2), h = rnd(0.1, 2), g = rnd(1, 20), mu = rnd(0, 5);
        double s = (it & 1) ? 1 : -1, thd = rnd(-5, 5), th = rnd(-3, 3);
        rod_point(box, &t, m, J, h, g, mu, s, thd);
        set_box_d(box, &t, "theta", th);
        rod_closed(B, A0, th, m, J, h, g, mu, s, thd);
        expect_contains(&t, "rod_B", box, B);
        expect_contains(&t, "rod_A0", box, A0);
    }
    /* soundness on boxes: the enclosure over a small theta box contains the
     * closed form at sampled points of the box */
    for (it = 0; it < fc_test_iters(40); it++) {
        double th = rnd(0.05, 1.5), w = ldexp(1, -8 - it % 8), m = 1, J = rnd(0.1, 1), h = 1, mu = rnd(0, 3);
        arb_t v;
        int k;
        arb_init(v);
        rod_point(box, &t, m, J, h, 9.8125, mu, 1, 2);
        arb_set_d(box + pidx(&t, "theta"), th);
        mag_set_d(arb_radref(box + pidx(&t, "theta")), w);
        assert_int_equal(tm_eval(v, NULL, &t, "rod_B", box), EXPR_DEFINED);
        for (k = 0; k <= 8; k++) {
            arb_t r;
            arb_init(r);
            rod_closed(B, A0, th - w + 2 * w * k / 8.0, m, J, h, 9.8125, mu, 1, 2);
            arf_set_mpfr(arb_midref(r), B);
            mag_set_ui_2exp_si(arb_radref(r), 1, -200);
            assert_true(arb_overlaps(v, r));
            arb_clear(r);
        }
        arb_clear(v);
    }
    mpfr_clears(B, A0, (mpfr_ptr) 0);
    _arb_vec_clear(box, t.np);
    tm_clear(&t);
}

/* mu = 5/3, k = 3 (m = h = 1, J = 1/3): B < 0 exactly for 1 < tan theta < 4. */
static void test_rod_band(void **state)
{
    tm_t t;
    arb_ptr box;
    int i;
    /* tan theta values; expected sign of B */
    static const struct { slong p; ulong q; int neg; } tv[] = {
        {1, 2, 0}, {9, 10, 0}, {99, 100, 0}, {101, 100, 1}, {2, 1, 1}, {3, 1, 1}, {399, 100, 1},
        {401, 100, 0}, {5, 1, 0}, {20, 1, 0}};
    tm_build(&t, ROD_PARAMS, "rod", rod_kv);
    assert_int_equal(t.rc, 0);
    box = _arb_vec_init(t.np);
    rod_point(box, &t, 1, 1, 1, 10, 0, 1, 0);
    arb_set_ui(box + pidx(&t, "mu"), 5);
    arb_div_ui(box + pidx(&t, "mu"), box + pidx(&t, "mu"), 3, PREC);
    arb_set_ui(box + pidx(&t, "J"), 1);
    arb_div_ui(box + pidx(&t, "J"), box + pidx(&t, "J"), 3, PREC);
    for (i = 0; i < (int) (sizeof tv / sizeof tv[0]); i++) {
        arb_ptr th = box + pidx(&t, "theta");
        arb_set_si(th, tv[i].p);
        arb_div_ui(th, th, tv[i].q, PREC);
        arb_atan(th, th, PREC);
        assert_int_equal(tm_truth(&t, "rod_unique", box), tv[i].neg ? EXPR_TV_FALSE : EXPR_TV_TRUE);
        /* not rotating: A0 = -g < 0 */
        assert_int_equal(tm_truth(&t, "rod_inconsistent", box), tv[i].neg ? EXPR_TV_TRUE : EXPR_TV_FALSE);
    }
    /* tan theta = 2: m B = 1 + 3/5 - 2 = -2/5 */
    {
        arb_t v, want;
        arb_init(v);
        arb_init(want);
        arb_set_ui(box + pidx(&t, "theta"), 2);
        arb_atan(box + pidx(&t, "theta"), box + pidx(&t, "theta"), PREC);
        assert_int_equal(tm_eval(v, NULL, &t, "rod_B", box), EXPR_DEFINED);
        arb_set_si(want, -2);
        arb_div_ui(want, want, 5, PREC);
        arb_sub(want, v, want, PREC);
        assert_true(arb_contains_zero(want));
        assert_true(mag_cmp_2exp_si(arb_radref(v), -200) < 0);
        arb_clear(v);
        arb_clear(want);
    }
    _arb_vec_clear(box, t.np);
    tm_clear(&t);
}

/* Drake rod2d defaults: m = h = J = 1, mu = 1000, theta = pi/4, xdot = -1: B = -498.5, A = -9.81. */
static void test_rod_drake(void **state)
{
    tm_t t;
    arb_ptr box;
    arb_t v;
    tm_build(&t, ROD_PARAMS, "rod", rod_kv);
    assert_int_equal(t.rc, 0);
    box = _arb_vec_init(t.np);
    arb_init(v);
    rod_point(box, &t, 1, 1, 1, 0, 1000, 0, 0);
    /* no direction given via s: use the model's slip sign: xdot = -1 with thetadot = 0 gives s = -1 */
    tm_clear(&t);
    {
        const char *kv[sizeof rod_kv / sizeof rod_kv[0]];
        int i, n = 0;
        for (i = 0; rod_kv[i]; i += 2)
            if (strcmp(rod_kv[i], "direction") != 0) kv[n++] = rod_kv[i], kv[n++] = rod_kv[i + 1];
        kv[n] = NULL;
        tm_build(&t, ROD_PARAMS, "rod", kv);
        assert_int_equal(t.rc, 0);
    }
    rod_point(box, &t, 1, 1, 1, 0, 1000, 0, 0);
    arb_set_d(box + pidx(&t, "g"), 9.81);   /* not exact; Arb ball of the double */
    arb_const_pi(box + pidx(&t, "theta"), PREC);
    arb_mul_2exp_si(box + pidx(&t, "theta"), box + pidx(&t, "theta"), -2);
    assert_int_equal(tm_eval(v, NULL, &t, "rod_s", box), EXPR_DEFINED);
    assert_true(arb_equal_si(v, -1));
    assert_int_equal(tm_eval(v, NULL, &t, "rod_B", box), EXPR_DEFINED);
    {
        arb_t w;
        arb_init(w);
        arb_set_si(w, -997);
        arb_mul_2exp_si(w, w, -1);
        arb_sub(w, v, w, PREC);
        assert_true(arb_contains_zero(w));
        assert_true(mag_cmp_2exp_si(arb_radref(v), -200) < 0);
        arb_clear(w);
    }
    assert_int_equal(tm_truth(&t, "rod_inconsistent", box), EXPR_TV_TRUE);
    assert_int_equal(tm_truth(&t, "rod_unique", box), EXPR_TV_FALSE);
    /* the slip sign is undecided for a slip velocity ball around 0: B is then not decided */
    arb_zero(box + pidx(&t, "xdot"));
    mag_set_d(arb_radref(box + pidx(&t, "xdot")), 0.01);
    assert_int_equal(tm_truth(&t, "rod_unique", box), EXPR_TV_UNKNOWN);
    arb_clear(v);
    _arb_vec_clear(box, t.np);
    tm_clear(&t);
}

/* The rod on a smooth line as a holonomic model: the multiplier of the
 * contact constraint y - h sin(theta) = 0 is the normal force
 * (g - h sin(theta) thetadot^2) / (1/m + h^2 cos^2(theta)/J); it turns
 * negative (lift-off) exactly where h sin(theta) thetadot^2 > g. */
static const char *rod_holo_kv[] = {
    "type", "holonomic", "coords", "x, y, theta", "velocities", "xdot, ydot, thetadot",
    "mass", "diag(m, m, J)", "force", "0, -m*g, 0", "constraints", "y - h*sin(theta)", NULL};

static void test_rod_liftoff(void **state)
{
    tm_t t;
    arb_ptr box;
    int it;
    mpfr_t ref, sn, c;
    tm_build(&t, ROD_PARAMS, "r", rod_holo_kv);
    assert_int_equal(t.rc, 0);
    box = _arb_vec_init(t.np);
    mpfr_inits2(PREC, ref, sn, c, (mpfr_ptr) 0);
    for (it = 0; it < fc_test_iters(60); it++) {
        double m = rnd(0.1, 4), J = rnd(0.05, 2), h = rnd(0.1, 2), g = rnd(1, 20), th = rnd(0.05, 1.5);
        double thd = rnd(-8, 8);
        rod_point(box, &t, m, J, h, g, 0, 1, thd);
        set_box_d(box, &t, "theta", th);
        mpfr_set_d(ref, th, MPFR_RNDN);
        mpfr_sin_cos(sn, c, ref, MPFR_RNDN);
        mpfr_mul_d(ref, sn, -h * thd * thd, MPFR_RNDN);
        mpfr_add_d(ref, ref, g, MPFR_RNDN);          /* g - h sin thd^2 */
        mpfr_sqr(c, c, MPFR_RNDN);
        mpfr_mul_d(c, c, h * h, MPFR_RNDN);
        mpfr_div_d(c, c, J, MPFR_RNDN);
        mpfr_set_d(sn, 1, MPFR_RNDN);
        mpfr_div_d(sn, sn, m, MPFR_RNDN);
        mpfr_add(c, c, sn, MPFR_RNDN);
        mpfr_div(ref, ref, c, MPFR_RNDN);
        expect_contains(&t, "r_Lambda1", box, ref);
    }
    mpfr_clears(ref, sn, c, (mpfr_ptr) 0);
    _arb_vec_clear(box, t.np);
    tm_clear(&t);
}

static void test_rod_cells(void **state)
{
    rod_cells_k(3, 1);
    rod_cells_k(1, 1);
    rod_cells_k(7, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rod_random),
        cmocka_unit_test(test_rod_band),
        cmocka_unit_test(test_rod_drake),
        cmocka_unit_test(test_rod_liftoff),
        cmocka_unit_test(test_rod_cells),
    };
    srand(12345);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
