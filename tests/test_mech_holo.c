/* test_mech_holo.c -- holonomic models (mech_holo.c, mech_kin.c, mech_mat.c): inclines, circles,
 * time-dependent constraints, full mass matrices and rank loss against closed forms in MPFR. */
#include "test_mech_util.h"

/* ------------------------------------------------- particle on an incline */

static const char *incline_kv[] = {
    "type", "holonomic", "coords", "x, y", "velocities", "vx, vy", "mass", "diag(m, m)",
    "force", "0, -m*g", "constraints", "x*sin(alpha) + y*cos(alpha)", NULL};

static void test_incline(void **state)
{
    tm_t t;
    arb_ptr box;
    int it;
    mpfr_t ref, a, tmp;
    tm_build(&t, "x y vx vy m g alpha", "p", incline_kv);
    assert_int_equal(t.rc, 0);
    box = _arb_vec_init(t.np);
    mpfr_inits2(PREC, ref, a, tmp, (mpfr_ptr) 0);
    for (it = 0; it < fc_test_iters(50); it++) {
        double m = rnd(0.1, 5), g = rnd(1, 20), al = rnd(-1.5, 1.5), s = rnd(-3, 3), w = rnd(-2, 2);
        set_box_d(box, &t, "m", m);
        set_box_d(box, &t, "g", g);
        set_box_d(box, &t, "alpha", al);
        set_box_d(box, &t, "x", s);         /* not necessarily on the line: Lambda does not depend on it */
        set_box_d(box, &t, "y", 0);
        set_box_d(box, &t, "vx", w);
        set_box_d(box, &t, "vy", -w);
        /* Lambda = m g cos(alpha); acceleration along the line -g sin(alpha) (cos, -sin) */
        mpfr_set_d(a, al, MPFR_RNDN);
        mpfr_cos(ref, a, MPFR_RNDN);
        mpfr_mul_d(ref, ref, m, MPFR_RNDN);
        mpfr_mul_d(ref, ref, g, MPFR_RNDN);
        expect_contains(&t, "p_Lambda1", box, ref);
        mpfr_sin(tmp, a, MPFR_RNDN);
        mpfr_cos(ref, a, MPFR_RNDN);
        mpfr_mul(ref, ref, tmp, MPFR_RNDN);
        mpfr_mul_d(ref, ref, g, MPFR_RNDN);
        expect_contains(&t, "p_a_x", box, ref);
        /* scleronomic: the reaction power identity gives -Lambda.G_t = 0 */
        mpfr_set_ui(ref, 0, MPFR_RNDN);
        expect_contains(&t, "p_power_G", box, ref);
    }
    mpfr_clears(ref, a, tmp, (mpfr_ptr) 0);
    _arb_vec_clear(box, t.np);
    tm_clear(&t);
}

/* ------------------------------------------------- particle on a circle */

static const char *circle_kv[] = {
    "type", "holonomic", "coords", "x, y", "velocities", "R*w*cos(phi), R*w*sin(phi)",
    "mass", "diag(m, m)", "force", "0, -m*g", "constraints", "x^2 + y^2 - R^2", NULL};

static void test_circle(void **state)
{
    tm_t t;
    arb_ptr box;
    int it;
    mpfr_t ref, c, tmp;
    tm_build(&t, "x y phi w m g R", "pend", circle_kv);
    assert_int_equal(t.rc, 0);
    box = _arb_vec_init(t.np);
    mpfr_inits2(PREC, ref, c, tmp, (mpfr_ptr) 0);
    for (it = 0; it < fc_test_iters(50); it++) {
        double m = rnd(0.1, 5), g = rnd(1, 20), ph = rnd(-3, 3), w = rnd(-4, 4), R = rnd(0.2, 3);
        mpfr_t xs, ys;
        mpfr_inits2(PREC, xs, ys, (mpfr_ptr) 0);
        set_box_d(box, &t, "m", m);
        set_box_d(box, &t, "g", g);
        set_box_d(box, &t, "phi", ph);
        set_box_d(box, &t, "w", w);
        set_box_d(box, &t, "R", R);
        /* the position on the circle: x = R sin phi, y = -R cos phi (balls) */
        arb_set_d(box + pidx(&t, "x"), ph);
        arb_sin(box + pidx(&t, "x"), box + pidx(&t, "x"), PREC);
        arb_mul_d(box + pidx(&t, "x"), box + pidx(&t, "x"), R, PREC);
        arb_set_d(box + pidx(&t, "y"), ph);
        arb_cos(box + pidx(&t, "y"), box + pidx(&t, "y"), PREC);
        arb_mul_d(box + pidx(&t, "y"), box + pidx(&t, "y"), -R, PREC);
        /* Lambda = -m (R w^2 + g cos phi) / (2 R): tension m(R w^2 + g cos phi) = -2 R Lambda */
        mpfr_set_d(c, ph, MPFR_RNDN);
        mpfr_cos(c, c, MPFR_RNDN);
        mpfr_mul_d(c, c, g, MPFR_RNDN);
        mpfr_set_d(ref, R, MPFR_RNDN);
        mpfr_mul_d(ref, ref, w, MPFR_RNDN);
        mpfr_mul_d(ref, ref, w, MPFR_RNDN);
        mpfr_add(ref, ref, c, MPFR_RNDN);
        mpfr_mul_d(ref, ref, -m, MPFR_RNDN);
        mpfr_div_d(ref, ref, 2 * R, MPFR_RNDN);
        expect_contains(&t, "pend_Lambda1", box, ref);
        mpfr_clears(xs, ys, (mpfr_ptr) 0);
    }
    mpfr_clears(ref, c, tmp, (mpfr_ptr) 0);
    _arb_vec_clear(box, t.np);
    tm_clear(&t);
}

/* ------------------------------------------------- rheonomic guide */

/* bead on a straight guide through O rotating at rate w in a horizontal
 * plane: G = -x sin(w t) + y cos(w t). At t = 0, x = r, y = 0, vx = rdot,
 * vy = w r: Lambda = 2 m w rdot and R.v = -Lambda.G_t = 2 m w^2 r rdot. */
static const char *guide_kv[] = {
    "type", "holonomic", "coords", "x, y", "velocities", "rdot, w*x", "time", "t",
    "mass", "diag(m, m)", "constraints", "-x*sin(w*t) + y*cos(w*t)", NULL};

static void test_rheonomic(void **state)
{
    tm_t t;
    arb_ptr box;
    int it;
    mpfr_t ref;
    tm_build(&t, "x y t rdot w m", "bead", guide_kv);
    if (t.rc) fail_msg("%s:%d:%d: %s", t.err.file, t.err.line, t.err.col, t.err.msg);
    box = _arb_vec_init(t.np);
    mpfr_init2(ref, PREC);
    for (it = 0; it < fc_test_iters(40); it++) {
        double r = rnd(0.1, 3), rd = rnd(-2, 2), w = rnd(-3, 3), m = rnd(0.1, 3);
        set_box_d(box, &t, "x", r);
        set_box_d(box, &t, "y", 0);
        set_box_d(box, &t, "t", 0);
        set_box_d(box, &t, "rdot", rd);
        set_box_d(box, &t, "w", w);
        set_box_d(box, &t, "m", m);
        mpfr_set_d(ref, 2 * m, MPFR_RNDN);
        mpfr_mul_d(ref, ref, w, MPFR_RNDN);
        mpfr_mul_d(ref, ref, rd, MPFR_RNDN);
        expect_contains(&t, "bead_Lambda1", box, ref);
        mpfr_mul_d(ref, ref, w, MPFR_RNDN);
        mpfr_mul_d(ref, ref, r, MPFR_RNDN);
        expect_contains(&t, "bead_power", box, ref);
        expect_contains(&t, "bead_power_G", box, ref);
        /* consistency of the data: G = 0 and Gdot = 0 */
        mpfr_set_ui(ref, 0, MPFR_RNDN);
        expect_contains(&t, "bead_Gdot1", box, ref);
    }
    mpfr_clear(ref);
    _arb_vec_clear(box, t.np);
    tm_clear(&t);
}

/* a full (non-diagonal) symbolic mass matrix: the same particle on an incline
 * written in rotated coordinates (u along the line, n normal): M = m I in
 * any orthonormal frame, here given as [[m, 0], [0, m]] and as a sheared
 * frame with M = [[m, m c], [m c, m]] (q = (u, n) with x = u + c n) */
static void test_full_mass(void **state)
{
    tm_t t;
    arb_ptr box;
    mpfr_t ref;
    static const char *kv[] = {
        "type", "holonomic", "coords", "u, n", "velocities", "vu, vn",
        "mass", "[[m, m*c], [m*c, m]]", "force", "m, -m*g", "constraints", "n", NULL};
    int it;
    tm_build(&t, "u n vu vn m c g", "f", kv);
    if (t.rc) fail_msg("%s:%d:%d: %s", t.err.file, t.err.line, t.err.col, t.err.msg);
    box = _arb_vec_init(t.np);
    mpfr_init2(ref, PREC);
    for (it = 0; it < fc_test_iters(30); it++) {
        double m = rnd(0.2, 3), c = rnd(-0.9, 0.9), g = rnd(1, 10);
        set_box_d(box, &t, "m", m);
        set_box_d(box, &t, "c", c);
        set_box_d(box, &t, "g", g);
        /* T = m/2 (vu^2 + 2 c vu vn + vn^2), generalized force (m, -m g), n = 0 held:
         * m a_u + m c a_n = m, m c a_u + m a_n = -m g + Lambda, a_n = 0
         * => a_u = 1, Lambda = m (g + c) */
        mpfr_set_d(ref, g + c, MPFR_RNDN);   /* exact: both have 8 fractional bits */
        mpfr_mul_d(ref, ref, m, MPFR_RNDN);
        expect_contains(&t, "f_Lambda1", box, ref);
        mpfr_set_ui(ref, 1, MPFR_RNDN);
        expect_contains(&t, "f_a_u", box, ref);
    }
    /* c = +-1: M singular on the box: the multiplier is not defined */
    arb_set_d(box + pidx(&t, "c"), 1);
    mag_set_d(arb_radref(box + pidx(&t, "c")), 0.01);
    assert_int_not_equal(tm_eval(NULL, NULL, &t, "f_Lambda1", box), EXPR_DEFINED);
    mpfr_clear(ref);
    _arb_vec_clear(box, t.np);
    tm_clear(&t);
}

/* ------------------------------------------------- rank loss */

static void test_rank_loss(void **state)
{
    tm_t t;
    arb_ptr box;
    arb_t v;
    static const char *kv[] = {"type", "holonomic", "coords", "x, y", "velocities", "vx, vy",
                               "mass", "diag(m, m)", "force", "1, 2", "constraints", "x, x + a*y", NULL};
    static const char *kv_exact[] = {"type", "holonomic", "coords", "x, y", "velocities", "vx, vy",
                                     "mass", "diag(1, 2)", "constraints", "x + y, 2*x + 2*y", NULL};
    tm_build(&t, "x y vx vy m a", "c", kv);
    assert_int_equal(t.rc, 0);
    box = _arb_vec_init(t.np);
    arb_init(v);
    set_box_d(box, &t, "m", 2);
    set_box_d(box, &t, "a", 0.5);
    /* a != 0: Lambda2 = -(m/a^2)(rhs2 - rhs1)... defined */
    assert_int_equal(tm_eval(v, NULL, &t, "c_Lambda2", box), EXPR_DEFINED);
    /* a box around 0: C is singular on part of it */
    arb_zero(box + pidx(&t, "a"));
    mag_set_d(arb_radref(box + pidx(&t, "a")), 0.25);
    assert_int_not_equal(tm_eval(v, NULL, &t, "c_Lambda1", box), EXPR_DEFINED);
    assert_int_not_equal(tm_eval(v, NULL, &t, "c_a_x", box), EXPR_DEFINED);
    assert_int_not_equal(tm_eval(v, NULL, &t, "c_R_y", box), EXPR_DEFINED);
    arb_clear(v);
    _arb_vec_clear(box, t.np);
    tm_clear(&t);
    /* an exactly singular C is an error at build time */
    tm_build(&t, "x y vx vy", "c", kv_exact);
    assert_int_equal(t.rc, -1);
    assert_non_null(strstr(t.err.msg, "singular"));
    tm_clear(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_incline),
        cmocka_unit_test(test_circle),
        cmocka_unit_test(test_rheonomic),
        cmocka_unit_test(test_full_mass),
        cmocka_unit_test(test_rank_loss),
    };
    srand(12345);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
