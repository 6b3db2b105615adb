/* test_expr_eval.c -- the ball evaluator (expr_eval.c, expr_compile.c): domains, piecewise functions,
 * exact constants, three-valued comparisons and logic, with values worked out by hand next to each
 * check and enclosures required to be tight. */
#include "test_expr_util.h"

/* no parameters used: x = 0 */
static void eval_c(res_t *r, const char *src, slong prec) { eval_iv(r, src, 0, 1, 0, 1, prec); }

/* ------------------------------------------------------------ values */

static void test_constants(void **state)
{
    res_t r;
    int i;
    (void)state;
    res_init(&r);
    /* sqrt(2)^2 = 2; sin(pi) = 0; cos(pi) = -1; exp(0) = 1; log(e) = 1 */
    assert_value("sqrt(2)^2", 0, 1, 0, 1, 2, 1, 8);
    assert_value("sin(pi)", 0, 1, 0, 1, 0, 1, 8);
    assert_value("cos(pi)", 0, 1, 0, 1, -1, 1, 8);
    assert_value("log(e)", 0, 1, 0, 1, 1, 1, 8);
    assert_value("atan2(1, 1) * 4 / pi", 0, 1, 0, 1, 1, 1, 8);
    assert_value("asin(1) * 2 / pi", 0, 1, 0, 1, 1, 1, 8);
    assert_value("acos(-1) / pi", 0, 1, 0, 1, 1, 1, 8);
    assert_value("cbrt(-27)", 0, 1, 0, 1, -3, 1, 8);
    assert_value("cosh(1)^2 - sinh(1)^2", 0, 1, 0, 1, 1, 1, 8);
    assert_value("tan(pi/4)", 0, 1, 0, 1, 1, 1, 8);
    assert_value("cot(pi/4)", 0, 1, 0, 1, 1, 1, 8);
    assert_value("exp(log(3))", 0, 1, 0, 1, 3, 1, 8);
    assert_value("tanh(0) + atan(0)", 0, 1, 0, 1, 0, 1, 8);
    /* precedence and associativity: 1 + 2*3^2 = 19; 7/2/7 = 1/2; (1+2)*3 = 9 */
    assert_exact("1 + 2*3^2", 0, 1, 0, 1, 19, 1);
    assert_exact("7/2/7", 0, 1, 0, 1, 1, 2);
    assert_exact("(1+2)*3", 0, 1, 0, 1, 9, 1);
    assert_exact("10 - 3 - 2", 0, 1, 0, 1, 5, 1);
    /* x^-1 and negative bases with integer exponents: (-2)^3 = -8, (-2)^-2 = 1/4 */
    assert_exact("x^3", -2, 1, -2, 1, -8, 1);
    assert_exact("x^(-2)", -2, 1, -2, 1, 1, 4);
    /* rational exponent: 4^(3/2) = 8, 16^(1/4) = 2 */
    assert_value("x^(3/2)", 4, 1, 4, 1, 8, 1, 8);
    assert_value("x^(1/4)", 16, 1, 16, 1, 2, 1, 8);
    /* 0.1 is exactly 1/10: 10*0.1 == 1 is certified at every precision, even 10 bits */
    for (i = 0; i < NPRECS; i++) {
        eval_c(&r, "10*0.1 == 1", precs[i]);
        assert_int_equal(r.tv, EXPR_TV_TRUE);
        eval_c(&r, "3*0.1 == 0.3", precs[i]);
        assert_int_equal(r.tv, EXPR_TV_TRUE);
        eval_c(&r, "1e-3 * 1000 == 1", precs[i]);
        assert_int_equal(r.tv, EXPR_TV_TRUE);
        eval_c(&r, "1/3 + 1/3 + 1/3 == 1", precs[i]);
        assert_int_equal(r.tv, EXPR_TV_TRUE);
        eval_c(&r, "0.1 != 1/10", precs[i]);
        assert_int_equal(r.tv, EXPR_TV_FALSE);
    }
    eval_c(&r, "10*0.1 == 1", 10);
    assert_int_equal(r.tv, EXPR_TV_TRUE);
    res_clear(&r);
}

static void test_domains(void **state)
{
    res_t r;
    int i;
    (void)state;
    /* 1/(x-1) at x = 1: undefined; 1/x on [-1, 1]: partial; on [1, 2]: defined */
    assert_status("1/(x-1)", 1, 1, 1, 1, EXPR_UNDEFINED);
    assert_status("1/x", -1, 1, 1, 1, EXPR_PARTIAL);
    assert_status("1/x", 1, 1, 2, 1, EXPR_DEFINED);
    /* sqrt: [-1, 1] partial, [-2, -1] undefined, [0, 1] defined (sqrt(0) = 0) */
    assert_status("sqrt(x)", -1, 1, 1, 1, EXPR_PARTIAL);
    assert_status("sqrt(x)", -2, 1, -1, 1, EXPR_UNDEFINED);
    assert_status("sqrt(x)", 0, 1, 1, 1, EXPR_DEFINED);
    assert_exact("sqrt(x)", 0, 1, 0, 1, 0, 1);
    /* log(0) undefined; log on [0, 1] partial; asin(2) undefined; asin on [-1, 1] defined */
    assert_status("log(0)", 0, 1, 0, 1, EXPR_UNDEFINED);
    assert_status("log(x)", 0, 1, 1, 1, EXPR_PARTIAL);
    assert_status("log(x)", -2, 1, -1, 1, EXPR_UNDEFINED);
    assert_status("asin(2)", 0, 1, 0, 1, EXPR_UNDEFINED);
    assert_status("acos(x)", 2, 1, 3, 1, EXPR_UNDEFINED);
    /* boxes reaching the domain's edge exactly are DEFINED (the ball of
     * [-1, 1] must not be wider than [-1, 1], and asin/acos/sqrt/log of a
     * ball touching the edge must not turn into NaN) */
    assert_status("asin(x)", -1, 1, 1, 1, EXPR_DEFINED);
    assert_status("acos(x)", 0, 1, 1, 1, EXPR_DEFINED);
    assert_status("log(x)", 1, 1000, 1, 1, EXPR_DEFINED);
    assert_status("x^(1/2) + x^(3/2)", 0, 1, 1, 4, EXPR_DEFINED);
    assert_status("asin(x)", 1, 2, 3, 1, EXPR_PARTIAL);
    /* x^(-1/2) at 0 undefined; x^(1/2) on [-1, -1/2] undefined */
    assert_status("x^(-1/2)", 0, 1, 0, 1, EXPR_UNDEFINED);
    assert_status("x^(1/2)", -1, 1, -1, 2, EXPR_UNDEFINED);
    assert_status("x^(-1)", 0, 1, 0, 1, EXPR_UNDEFINED);
    /* cot(0) undefined; cot on [1, 3] defined (0 < 1, 3 < pi) */
    assert_status("cot(x)", 0, 1, 0, 1, EXPR_UNDEFINED);
    assert_status("cot(x)", 1, 1, 3, 1, EXPR_DEFINED);
    assert_status("cot(x)", -1, 1, 1, 1, EXPR_PARTIAL);
    /* tan at pi/2: never a finite DEFINED ball */
    res_init(&r);
    for (i = 0; i < NPRECS; i++) {
        eval_c(&r, "tan(pi/2)", precs[i]);
        assert_true(r.st == EXPR_UNDEFINED || r.st == EXPR_PARTIAL);
        /* [157/100, 158/100] contains pi/2 = 1.5707963... */
        eval_iv(&r, "tan(x)", 157, 100, 158, 100, precs[i]);
        assert_true(r.st == EXPR_PARTIAL);
        /* [1, 3/2] does not: tan(3/2) = 14.10..., tan(1) = 1.557... */
        eval_iv(&r, "tan(x)", 1, 1, 3, 2, precs[i]);
        assert_int_equal(r.st, EXPR_DEFINED);
        assert_true(arb_is_finite(r.val));
        assert_true(arb_contains_si(r.val, 14));
        assert_true(arb_contains_si(r.val, 2));
    }
    res_clear(&r);
    /* atan2(0, 0) is not defined; atan2 away from the origin is */
    assert_status("atan2(0, 0)", 0, 1, 0, 1, EXPR_UNDEFINED);
    assert_status("atan2(x, 1)", -1, 1, 1, 1, EXPR_DEFINED);
    /* on the negative x axis itself (y exactly 0) atan2 is pi, not [-pi, pi] */
    assert_value("atan2(0, x) / pi", -2, 1, -2, 1, 1, 1, 8);
    assert_value("atan2(0, x)", 2, 1, 3, 1, 0, 1, 8);
    /* a domain error deep inside propagates: sin(1 + sqrt(x)) on [-2, -1] */
    assert_status("sin(1 + sqrt(x))", -2, 1, -1, 1, EXPR_UNDEFINED);
    assert_status("sin(1 + sqrt(x))", -2, 1, 1, 1, EXPR_PARTIAL);
}

/* An overflow (no finite enclosure of a value defined on the whole box) is
 * told from a domain problem: EXPR_OVERFLOW only when every operation is
 * certified inside its domain; a partial function of an overflowed value
 * (whose domain then cannot be certified) stays EXPR_PARTIAL. The values
 * are beyond Arb's exponent range only through exp(exp(1000)) ~ e^(10^434). */
static void bool_status(const char *src, slong lp, slong hp, expr_status want)
{
    expr_scope_t s = scope_xy();
    expr_t e = parse_ok(src);
    expr_error_t err;
    expr_prog_t p;
    expr_eval_t ev;
    int active[2] = {0, 1}, t;
    arb_ptr box = _arb_vec_init(2);
    assert_int_equal(expr_check(e, s, 1, &err), 0);
    p = expr_compile(&e, 1, s, &err);
    assert_non_null(p);
    ev = expr_eval_new(p, active, 2, 128);
    arb_set_si(box + 0, lp);
    arb_set_si(box + 1, hp);
    arb_union(box + 0, box + 0, box + 1, 128);
    arb_zero(box + 1);
    for (t = 0; t < 2; t++) {
        expr_eval_run(ev, box, t);
        assert_int_equal(expr_eval_truth(ev, 0), EXPR_TV_UNKNOWN);
        assert_int_equal(expr_eval_status(ev, 0), want);
    }
    _arb_vec_clear(box, 2);
    expr_eval_free(ev);
    expr_prog_free(p);
    expr_free(e);
    expr_scope_free(s);
}

static void test_overflow(void **state)
{
    (void)state;
    /* defined everywhere, too large: overflow (through total functions too) */
    assert_status("exp(exp(1000))", 0, 1, 1, 1, EXPR_OVERFLOW);
    assert_status("exp(exp(1000))*(1 + x^2)", -1, 1, 1, 1, EXPR_OVERFLOW);
    assert_status("sin(x) - exp(exp(1000))^3", 0, 1, 1, 1, EXPR_OVERFLOW);
    assert_status("atan(exp(exp(1000)))", 0, 1, 1, 1, EXPR_OVERFLOW);
    assert_status("2^(exp(1000)*(1 + x))", 0, 1, 1, 1, EXPR_OVERFLOW);
    /* a domain problem is never called an overflow, with or without one */
    assert_status("sqrt(x)", -1, 1, 1, 1, EXPR_PARTIAL);
    assert_status("1/exp(exp(1000))", 0, 1, 1, 1, EXPR_PARTIAL);
    assert_status("log(exp(exp(1000)) - x)", 0, 1, 1, 1, EXPR_PARTIAL);
    assert_status("sqrt(x) + exp(exp(1000))", -1, 1, 1, 1, EXPR_PARTIAL);
    assert_status("1/(x-1) + exp(exp(1000))", 1, 1, 1, 1, EXPR_UNDEFINED);
    /* finite huge values are values: exp(10^6) is enclosed */
    assert_status("exp(10^6)", 0, 1, 1, 1, EXPR_DEFINED);
    /* predicates: the reason of an unknown verdict */
    bool_status("exp(exp(1000)) + x > 1", 0, 1, EXPR_OVERFLOW);
    bool_status("not (exp(exp(1000)) > x) or x > 2", 0, 1, EXPR_OVERFLOW);
    bool_status("sqrt(x) > 1/2", -1, 1, EXPR_PARTIAL);
    bool_status("sqrt(x) > 1/2 or exp(exp(1000)) > x", -1, 1, EXPR_PARTIAL);
    bool_status("x > 1/2", 0, 1, EXPR_DEFINED);
}

static void test_piecewise(void **state)
{
    res_t r;
    int i;
    arb_t lo, hi;
    (void)state;
    /* the untaken branch's domain error does not leak */
    assert_exact("if(x > 0, sqrt(x), 0)", -1, 1, -1, 2, 0, 1);
    assert_exact("if(x > 0, 1/x, 5)", -1, 1, 0, 1, 5, 1);
    assert_exact("if(x >= 0, 3, log(x))", 0, 1, 1, 1, 3, 1);
    /* an undecided condition: the union of the branches */
    res_init(&r);
    arb_init(lo);
    arb_init(hi);
    for (i = 0; i < NPRECS; i++) {
        eval_iv(&r, "if(x > 0, 1, 2)", -1, 1, 1, 1, precs[i]);
        assert_int_equal(r.st, EXPR_DEFINED);
        assert_true(arb_contains_si(r.val, 1));
        assert_true(arb_contains_si(r.val, 2));
        /* and not much more than [1, 2] */
        arb_set_si(lo, 1);
        arb_set_si(hi, 2);
        arb_union(lo, lo, hi, precs[i]);
        mag_add_ui_2exp_si(arb_radref(lo), arb_radref(lo), 1, -precs[i] + 4);
        assert_true(arb_contains(lo, r.val));
        /* undecided condition, branches defined on parts only: not UNDEFINED,
         * and the ball holds sqrt(|x|) where it is defined */
        eval_iv(&r, "if(x > 0, sqrt(x), sqrt(-x))", -1, 1, 1, 1, precs[i]);
        assert_true(r.st != EXPR_UNDEFINED);
        assert_true(arb_contains_si(r.val, 1) && arb_contains_si(r.val, 0));
        /* undecided condition, one branch undefined everywhere: not DEFINED */
        eval_iv(&r, "if(x > 0, 1, sqrt(-2 - x))", -1, 1, 1, 1, precs[i]);
        assert_int_equal(r.st, EXPR_PARTIAL);
        assert_true(arb_contains_si(r.val, 1));
    }
    res_clear(&r);
    arb_clear(lo);
    arb_clear(hi);
    /* min, max, abs, sign: exact when the choice is decided */
    assert_exact("min(1/4, x)", 1, 2, 1, 1, 1, 4);
    assert_exact("max(1/4, x, -3)", -1, 1, 0, 1, 1, 4);
    assert_exact("min(x, 2, 3/8)", 1, 1, 2, 1, 3, 8);
    assert_exact("sign(x)", 1, 1, 2, 1, 1, 1);
    assert_exact("sign(x)", -2, 1, -1, 1, -1, 1);
    assert_exact("sign(x)", 0, 1, 0, 1, 0, 1);
    assert_exact("sign(x - 3/8)", 3, 8, 3, 8, 0, 1);
    assert_exact("abs(x)", -3, 8, -3, 8, 3, 8);
    assert_exact("abs(x - 1/2) + abs(x + 1/2)", 0, 1, 0, 1, 1, 1);
    /* sign undecided: contains -1, 0 and 1, nothing outside [-1, 1] */
    res_init(&r);
    arb_init(lo);
    for (i = 0; i < NPRECS; i++) {
        eval_iv(&r, "sign(x)", -1, 1, 1, 1, precs[i]);
        assert_int_equal(r.st, EXPR_DEFINED);
        assert_true(arb_contains_si(r.val, -1) && arb_contains_si(r.val, 0) && arb_contains_si(r.val, 1));
        arb_set_si(lo, 0);
        mag_set_ui_2exp_si(arb_radref(lo), 1, 0);
        mag_add_ui_2exp_si(arb_radref(lo), arb_radref(lo), 1, -precs[i] + 4);
        assert_true(arb_contains(lo, r.val));
        /* abs on [-1, 2] is [0, 2] */
        eval_iv(&r, "abs(x)", -1, 1, 2, 1, precs[i]);
        assert_true(arb_contains_si(r.val, 0) && arb_contains_si(r.val, 2));
        assert_false(arb_contains_si(r.val, -1));
    }
    res_clear(&r);
    arb_clear(lo);
}

/* ------------------------------------------------------------ truth */

static void test_comparisons(void **state)
{
    (void)state;
    assert_truth("x < 1", 0, 1, 1, 2, EXPR_TV_TRUE);
    assert_truth("x < 1", 2, 1, 3, 1, EXPR_TV_FALSE);
    assert_truth("x < 1", 0, 1, 2, 1, EXPR_TV_UNKNOWN);
    /* endpoints: x <= 1 on [0, 1] true, x < 1 on [0, 1] unknown, x >= 1 on [1, 2] true */
    assert_truth("x <= 1", 0, 1, 1, 1, EXPR_TV_TRUE);
    assert_truth("x < 1", 0, 1, 1, 1, EXPR_TV_UNKNOWN);
    assert_truth("x >= 1", 1, 1, 2, 1, EXPR_TV_TRUE);
    assert_truth("x > 1", 1, 1, 2, 1, EXPR_TV_UNKNOWN);
    assert_truth("x == 1/2", 1, 2, 1, 2, EXPR_TV_TRUE);
    assert_truth("x != 1/2", 1, 1, 2, 1, EXPR_TV_TRUE);
    assert_truth("x == 1/2", 1, 1, 2, 1, EXPR_TV_FALSE);
    /* comparisons on a number that is not defined everywhere are unknown */
    assert_truth("sqrt(x) > -1", -1, 1, 1, 1, EXPR_TV_UNKNOWN);
    assert_truth("sqrt(x) < -1", -1, 1, 1, 1, EXPR_TV_UNKNOWN);
    assert_truth("sqrt(x) > -1", -2, 1, -1, 1, EXPR_TV_UNKNOWN);
    /* ... unless logic decides */
    assert_truth("sqrt(x) > -1 or true", -2, 1, -1, 1, EXPR_TV_TRUE);
    assert_truth("false and sqrt(x) > -1", -2, 1, -1, 1, EXPR_TV_FALSE);
    /* x == x is never false, at an exact point or at 1/3 (not a dyadic) */
    assert_not_false("x == x", 1, 3, 1, 3);
    assert_not_false("x == x", 1, 4, 1, 4);
    assert_not_false("x == x", 0, 1, 1, 1);
    assert_not_true("x != x", 1, 3, 1, 3);
    assert_not_true("x != x", 0, 1, 1, 1);
    /* cos^2 + sin^2 == 1: never false */
    assert_not_false("cos(x)^2 + sin(x)^2 == 1", 1, 3, 1, 3);
    assert_not_false("cos(x)^2 + sin(x)^2 == 1", 0, 1, 1, 1);
    assert_not_false("cos(x)^2 + sin(x)^2 == 1", 7, 1, 7, 1);
    assert_not_false("cos(x)^2 + sin(x)^2 == 1", 0, 1, 0, 1);
    /* an irrational value strictly inside: pi > 3.14159 and pi < 3.1416 */
    assert_truth("pi > 3.14159 and pi < 3.1416", 0, 1, 0, 1, EXPR_TV_TRUE);
    assert_truth("e > 2.71828 and e < 2.71829", 0, 1, 0, 1, EXPR_TV_TRUE);
    assert_truth("sqrt(2) > 1.41421356 and sqrt(2) < 1.41421357", 0, 1, 0, 1, EXPR_TV_TRUE);
}

/* three-valued logic, with u = (x < 1) on [0, 2] (unknown) */
static void test_logic(void **state)
{
    static const char *lit[3] = {"false", "true", "(x < 1)"};
    /* Kleene tables, index 0 false, 1 true, 2 unknown */
    static const expr_tv_t t_and[3][3] = {{EXPR_TV_FALSE, EXPR_TV_FALSE, EXPR_TV_FALSE},
                                     {EXPR_TV_FALSE, EXPR_TV_TRUE, EXPR_TV_UNKNOWN},
                                     {EXPR_TV_FALSE, EXPR_TV_UNKNOWN, EXPR_TV_UNKNOWN}};
    static const expr_tv_t t_or[3][3] = {{EXPR_TV_FALSE, EXPR_TV_TRUE, EXPR_TV_UNKNOWN},
                                    {EXPR_TV_TRUE, EXPR_TV_TRUE, EXPR_TV_TRUE},
                                    {EXPR_TV_UNKNOWN, EXPR_TV_TRUE, EXPR_TV_UNKNOWN}};
    static const expr_tv_t t_xor[3][3] = {{EXPR_TV_FALSE, EXPR_TV_TRUE, EXPR_TV_UNKNOWN},
                                     {EXPR_TV_TRUE, EXPR_TV_FALSE, EXPR_TV_UNKNOWN},
                                     {EXPR_TV_UNKNOWN, EXPR_TV_UNKNOWN, EXPR_TV_UNKNOWN}};
    static const expr_tv_t t_imp[3][3] = {{EXPR_TV_TRUE, EXPR_TV_TRUE, EXPR_TV_TRUE},
                                     {EXPR_TV_FALSE, EXPR_TV_TRUE, EXPR_TV_UNKNOWN},
                                     {EXPR_TV_UNKNOWN, EXPR_TV_TRUE, EXPR_TV_UNKNOWN}};
    static const expr_tv_t t_iff[3][3] = {{EXPR_TV_TRUE, EXPR_TV_FALSE, EXPR_TV_UNKNOWN},
                                     {EXPR_TV_FALSE, EXPR_TV_TRUE, EXPR_TV_UNKNOWN},
                                     {EXPR_TV_UNKNOWN, EXPR_TV_UNKNOWN, EXPR_TV_UNKNOWN}};
    static const struct { const char *op; const expr_tv_t (*tab)[3]; } ops[] = {
        {"and", t_and}, {"or", t_or}, {"xor", t_xor}, {"implies", t_imp}, {"iff", t_iff}};
    char src[128];
    int a, b, k;
    (void)state;
    assert_truth("not (x < 1)", 0, 1, 2, 1, EXPR_TV_UNKNOWN);
    assert_truth("not (x < 1)", 0, 1, 1, 2, EXPR_TV_FALSE);
    assert_truth("not not (x < 1)", 0, 1, 1, 2, EXPR_TV_TRUE);
    assert_truth("not true", 0, 1, 0, 1, EXPR_TV_FALSE);
    assert_truth("false and (x < 1)", 0, 1, 2, 1, EXPR_TV_FALSE);
    assert_truth("true or (x < 1)", 0, 1, 2, 1, EXPR_TV_TRUE);
    for (k = 0; k < 5; k++)
        for (a = 0; a < 3; a++)
            for (b = 0; b < 3; b++) {
                snprintf(src, sizeof src, "%s %s %s", lit[a], ops[k].op, lit[b]);
                assert_truth(src, 0, 1, 2, 1, ops[k].tab[a][b]);
                /* where x < 1 is decided true ([0, 1/2]) the unknown column is the true one */
                assert_truth(src, 0, 1, 1, 2, ops[k].tab[a == 2 ? 1 : a][b == 2 ? 1 : b]);
                /* and where it is decided false ([2, 3]) the false one */
                assert_truth(src, 2, 1, 3, 1, ops[k].tab[a == 2 ? 0 : a][b == 2 ? 0 : b]);
            }
    /* precedence: not > and > or; "true or false and false" is true */
    assert_truth("true or false and false", 0, 1, 0, 1, EXPR_TV_TRUE);
    assert_truth("not false and false", 0, 1, 0, 1, EXPR_TV_FALSE);
    /* comparisons bind tighter than logic */
    assert_truth("1 < 2 and 3 < 4", 0, 1, 0, 1, EXPR_TV_TRUE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_domains),
        cmocka_unit_test(test_overflow),
        cmocka_unit_test(test_piecewise),
        cmocka_unit_test(test_comparisons),
        cmocka_unit_test(test_logic),
        cmocka_unit_test(test_constants),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    flint_cleanup();
    return r;
}
