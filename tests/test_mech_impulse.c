/* test_mech_impulse.c -- the impulsive decomposition of seed 000 (mech_impulse.c): unit vectors in the
 * metric M, the paper's (25), pushed/pulled, the outgoing conditions. */
#include "test_mech_util.h"

/* ------------------------------------------------- impulsive decomposition */

static const char *rgims_kv[] = {
    "type", "impulsive", "coords", "x, y, theta",
    "velocities", "w + L*thetadot*sin(theta), L*thetadot*cos(theta), thetadot",
    "mass", "diag(m, m, A)", "gap", "y - L*sin(theta)", "slip", "1, 0, -L*sin(theta)",
    "incoming", "tangent", "orientation", "cos(theta)", "eps", "1/2", "mu_impulse", "mub",
    "sigma_braked", "1", NULL};

/* Example 3 of the paper (eq. (45) as printed), as cases/rgims_rod.case
 * writes it in [define] over the model's quantities: name, definition. */
static const char *rgims_ex3[] = {
    "ex3_sigma_push", "2*m + A", "ex3_sigma_pull", "m + 3*A", "ex3_gamma", "1/2",
    "rg_ex3_sigma", "if(rg_pushed, ex3_sigma_push*rg_normVB, ex3_sigma_pull*rg_normVB)",
    "rg_ex3_beta", "if(rg_pushed, if(rg_normVB <= rg_mu_impulse, -rg_normVB, -rg_mu_impulse), "
                   "-(ex3_gamma*rg_normVB))",
    "rg_ex3_phiS", "rg_phiS + rg_ex3_sigma",
    "rg_ex3_out", "rg_ex3_phiS > 0", NULL};

static double Mdiag(double m, double A, int i) { return i == 2 ? A : m; }

static void test_impulsive(void **state)
{
    tm_t t;
    arb_ptr box;
    int it, i;
    static const char *c[3] = {"x", "y", "theta"};
    char nm[64];
    tm_build(&t, "x y theta w thetadot m A L mub", "rg", rgims_kv);
    if (t.rc) fail_msg("%s:%d:%d: %s", t.err.file, t.err.line, t.err.col, t.err.msg);
    tm_define(&t, rgims_ex3);
    box = _arb_vec_init(t.np);
    for (it = 0; it < fc_test_iters(60); it++) {
        double m = rnd(0.2, 3), A = rnd(0.05, 2), L = rnd(0.2, 2), th = rnd(-3, 3), w = rnd(-3, 3);
        double thd = rnd(-3, 3);
        arb_t KS[3], KB[3], s1, s2, s3, s4, tmp, phiB, ref;
        mpfr_t D, q;
        set_box_d(box, &t, "m", m);
        set_box_d(box, &t, "A", A);
        set_box_d(box, &t, "L", L);
        set_box_d(box, &t, "theta", th);
        set_box_d(box, &t, "w", w);
        set_box_d(box, &t, "thetadot", thd);
        set_box_d(box, &t, "mub", 0.5);
        set_box_d(box, &t, "x", 0);
        set_box_d(box, &t, "y", 0);
        arb_init(s1), arb_init(s2), arb_init(s3), arb_init(s4), arb_init(tmp), arb_init(phiB), arb_init(ref);
        for (i = 0; i < 3; i++) {
            arb_init(KS[i]);
            arb_init(KB[i]);
            snprintf(nm, sizeof nm, "rg_KS_%s", c[i]);
            assert_int_equal(tm_eval(KS[i], NULL, &t, nm, box), EXPR_DEFINED);
            snprintf(nm, sizeof nm, "rg_KB_%s", c[i]);
            assert_int_equal(tm_eval(KB[i], NULL, &t, nm, box), EXPR_DEFINED);
        }
        /* |K_S|_M = |K_B|_M = 1, Phi(K_S, K_B) = 0 */
        for (i = 0; i < 3; i++) {
            arb_mul(tmp, KS[i], KS[i], PREC);
            arb_addmul_si(s1, tmp, 1, PREC);
            arb_mul_d(tmp, tmp, Mdiag(m, A, i), PREC);
            arb_add(s2, s2, tmp, PREC);
            arb_mul(tmp, KB[i], KB[i], PREC);
            arb_mul_d(tmp, tmp, Mdiag(m, A, i), PREC);
            arb_add(s3, s3, tmp, PREC);
            arb_mul(tmp, KS[i], KB[i], PREC);
            arb_mul_d(tmp, tmp, Mdiag(m, A, i), PREC);
            arb_add(s4, s4, tmp, PREC);
        }
        arb_sub_ui(s2, s2, 1, PREC);
        arb_sub_ui(s3, s3, 1, PREC);
        assert_true(arb_contains_zero(s2) && mag_cmp_2exp_si(arb_radref(s2), -150) < 0);
        assert_true(arb_contains_zero(s3) && mag_cmp_2exp_si(arb_radref(s3), -150) < 0);
        assert_true(arb_contains_zero(s4) && mag_cmp_2exp_si(arb_radref(s4), -150) < 0);
        /* K_B is tangent to S: dS.K_B = K_B_y - L cos(theta) K_B_theta = 0 */
        arb_set_d(tmp, th);
        arb_cos(tmp, tmp, PREC);
        arb_mul_d(tmp, tmp, L, PREC);
        arb_mul(tmp, tmp, KB[2], PREC);
        arb_sub(tmp, KB[1], tmp, PREC);
        assert_true(arb_contains_zero(tmp) && mag_cmp_2exp_si(arb_radref(tmp), -150) < 0);
        /* K_B orthogonal to V(B) within V(S): X = (L sin, L cos, 1) satisfies dS.X = 0 and b.X = 0 */
        arb_set_d(tmp, th);
        arb_sin(s1, tmp, PREC);
        arb_cos(s2, tmp, PREC);
        arb_mul_d(s1, s1, L * m, PREC);
        arb_mul_d(s2, s2, L * m, PREC);
        arb_mul(s1, s1, KB[0], PREC);
        arb_addmul(s1, s2, KB[1], PREC);
        arb_mul_d(tmp, KB[2], A, PREC);
        arb_add(s1, s1, tmp, PREC);
        assert_true(arb_contains_zero(s1) && mag_cmp_2exp_si(arb_radref(s1), -150) < 0);
        /* paper (25): Phi(V_B, K_B) = sqrt(m D / (m L^2 + A)) (xdot - L thdot sin), D = m L^2 cos^2 + A;
         * here xdot - L thdot sin = w */
        mpfr_inits2(PREC, D, q, (mpfr_ptr) 0);
        mpfr_set_d(D, th, MPFR_RNDN);
        mpfr_cos(D, D, MPFR_RNDN);
        mpfr_sqr(D, D, MPFR_RNDN);
        mpfr_mul_d(D, D, m * L * L, MPFR_RNDN);
        mpfr_add_d(D, D, A, MPFR_RNDN);
        mpfr_mul_d(q, D, m, MPFR_RNDN);
        mpfr_div_d(q, q, m * L * L + A, MPFR_RNDN);   /* exact double (see rnd) */
        mpfr_sqrt(q, q, MPFR_RNDN);
        mpfr_mul_d(q, q, w, MPFR_RNDN);
        expect_contains(&t, "rg_phiB", box, q);
        /* K_B x-component (5h): sqrt((mL^2+A)/(m D)) * D/(mL^2+A) = sqrt(D / (m (mL^2+A))) */
        mpfr_set_d(q, m * (m * L * L + A), MPFR_RNDN);
        mpfr_div(q, D, q, MPFR_RNDN);
        mpfr_sqrt(q, q, MPFR_RNDN);
        expect_contains(&t, "rg_KB_x", box, q);
        mpfr_clears(D, q, (mpfr_ptr) 0);
        /* pushed <=> cos(theta) * (xdot - L thdot sin) > 0 */
        assert_int_equal(tm_truth(&t, "rg_pushed", box), cos(th) * w > 0 ? EXPR_TV_TRUE : EXPR_TV_FALSE);
        assert_int_equal(tm_truth(&t, "rg_pulled", box), cos(th) * w < 0 ? EXPR_TV_TRUE : EXPR_TV_FALSE);
        /* the outgoing conditions of examples 1 and 1-stop hold (certified) */
        assert_int_equal(tm_truth(&t, "rg_ex1_out", box), EXPR_TV_TRUE);
        assert_int_equal(tm_truth(&t, "rg_ex1s_out", box), EXPR_TV_TRUE);
        assert_int_equal(tm_truth(&t, "rg_ex3_out", box), EXPR_TV_TRUE);
        /* example 1-stop: P_R = P_par_B, i.e. the slip velocity of P_R is 0 when pushed;
         * checked from the outgoing components directly: R_x - L R_theta sin(theta) */
        {
            arb_t rx, rth;
            arb_init(rx);
            arb_init(rth);
            assert_int_equal(tm_eval(rx, NULL, &t, "rg_ex1s_R_x", box), EXPR_DEFINED);
            assert_int_equal(tm_eval(rth, NULL, &t, "rg_ex1s_R_theta", box), EXPR_DEFINED);
            arb_set_d(tmp, th);
            arb_sin(tmp, tmp, PREC);
            arb_mul_d(tmp, tmp, L, PREC);
            arb_mul(tmp, tmp, rth, PREC);
            arb_sub(tmp, rx, tmp, PREC);
            if (cos(th) * w > 0)
                assert_true(arb_contains_zero(tmp) && mag_cmp_2exp_si(arb_radref(tmp), -150) < 0);
            else {  /* pulled: no impact, P_R = P_L: slip velocity w */
                arb_set_d(s1, w);
                arb_sub(tmp, tmp, s1, PREC);
                assert_true(arb_contains_zero(tmp) && mag_cmp_2exp_si(arb_radref(tmp), -150) < 0);
            }
            arb_clear(rx);
            arb_clear(rth);
        }
        for (i = 0; i < 3; i++) {
            arb_clear(KS[i]);
            arb_clear(KB[i]);
        }
        arb_clear(s1), arb_clear(s2), arb_clear(s3), arb_clear(s4), arb_clear(tmp), arb_clear(phiB), arb_clear(ref);
    }
    _arb_vec_clear(box, t.np);
    tm_clear(&t);
}

/* spec/seeds000_001.md: theta = 2 pi / 3, m = 1, A = 1/3, L = 1, v_P.e_x = 1 gives
 * Phi = +0.661 but the rod is pulled. */
static void test_impulsive_counterexample(void **state)
{
    tm_t t;
    arb_ptr box;
    arb_t v, r;
    tm_build(&t, "x y theta w thetadot m A L mub", "rg", rgims_kv);
    assert_int_equal(t.rc, 0);
    box = _arb_vec_init(t.np);
    arb_init(v);
    arb_init(r);
    arb_const_pi(box + pidx(&t, "theta"), PREC);
    arb_mul_ui(box + pidx(&t, "theta"), box + pidx(&t, "theta"), 2, PREC);
    arb_div_ui(box + pidx(&t, "theta"), box + pidx(&t, "theta"), 3, PREC);
    set_box_d(box, &t, "m", 1);
    arb_set_ui(box + pidx(&t, "A"), 1);
    arb_div_ui(box + pidx(&t, "A"), box + pidx(&t, "A"), 3, PREC);
    set_box_d(box, &t, "L", 1);
    set_box_d(box, &t, "w", 1);
    set_box_d(box, &t, "thetadot", 0.5);
    set_box_d(box, &t, "mub", 0.5);
    assert_int_equal(tm_eval(v, NULL, &t, "rg_phiB", box), EXPR_DEFINED);
    /* sqrt(m D/(mL^2 + A)), D = 1/4 + 1/3 = 7/12, mL^2 + A = 4/3: sqrt(7/16) = 0.6614... */
    arb_set_ui(r, 7);
    arb_sqrt(r, r, PREC);
    arb_mul_2exp_si(r, r, -2);
    arb_sub(r, v, r, PREC);
    assert_true(arb_contains_zero(r));
    assert_int_equal(tm_truth(&t, "rg_pulled", box), EXPR_TV_TRUE);
    assert_int_equal(tm_truth(&t, "rg_pushed", box), EXPR_TV_FALSE);
    arb_clear(v);
    arb_clear(r);
    _arb_vec_clear(box, t.np);
    tm_clear(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_impulsive),
        cmocka_unit_test(test_impulsive_counterexample),
    };
    srand(12345);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
