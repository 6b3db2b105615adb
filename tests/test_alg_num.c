/* test_alg_num.c -- real algebraic numbers (alg_num) and the general
 * generators of the threshold algebra's field (alg_field_gen_num,
 * alg_to_mpoly_field on root() values and on cos/sin of any rational
 * multiple of pi).
 *
 * Independent references: the minimal polynomials and the signs in the two
 * tables below are recomputed by sympy in tests/oracles/verify_alg_num.py,
 * which reads the tables from this file (so they cannot drift apart); the
 * numbers themselves are checked against Arb's own cos / complex roots; the
 * field arithmetic against ball arithmetic at independent enclosures of the
 * generators, and against exact identities (a * a^-1 = 1, m(alpha) = 0). */
#include "test_alg_util.h"
#include <arb_fmpz_poly.h>

#define NV (1 + ALG_FIELD_MAX)

/* ORACLE-TABLE minpoly: cos(2 pi / M) and its minimal polynomial (constant first,
 * primitive, leading coefficient > 0) */
static const struct { ulong M; const char *coeffs; } MINPOLY[] = {
    {5, "-1 2 4"},
    {7, "-1 -4 4 8"},
    {9, "1 -6 0 8"},
    {10, "-1 -2 4"},
    {16, "1 0 -8 0 8"},
    {20, "5 0 -20 0 16"},
    {28, "-7 0 56 0 -112 0 64"},
    {11, "1 6 -12 -32 16 32"},
};
/* END-TABLE */

/* ORACLE-TABLE signs: A is root(x^3 - x - 1, x, 1 .. 2, 1), B is root(x^5 - 3*x + 1, x, 0 .. 1, 1),
 * C is root(x^4 - 10*x^2 + 5, x, 0 .. 1, 1) */
static const struct { const char *src; int sign; } SIGNS[] = {
    {"A^3 - A - 1", 0},
    {"1000*A^2 - 1755", -1},
    {"A^2 - 1/A - A", -1},
    {"1/(A - 1) - 1/(A^2 - A)", 1},
    {"A^5 - A^4 - 1", 0},
    {"cos(pi/5) - (1 + sqrt(5))/4", 0},
    {"cos(2*pi/7) + cos(4*pi/7) + cos(6*pi/7) + 1/2", 0},
    {"sin(pi/7)*1000 - 434", -1},
    {"cos(pi/9) - 9397/10000", -1},
    {"8*cos(pi/9)^3 - 6*cos(pi/9) - 1", 0},
    {"B*A - 44/100", 1},
    {"B^5 - 3*B + 1", 0},
    {"(A + B)^2 - 3", -1},
    {"sin(3*pi/5) - 2*sin(3*pi/10)*cos(3*pi/10)", 0},
    {"cos(pi/8)^2 - (2 + sqrt(2))/4", 0},
    {"A*cos(pi/5) - 1", 1},
    {"sin(pi/5)/cos(pi/5) - C", 0},
    {"C*cos(pi/5) - sin(pi/5)", 0},
    {"C - 7265/10000", 1},
};
/* END-TABLE */

static expr_t parse_rewrite(const char *src)
{
    char buf[1024];
    const char *p;
    size_t k = 0;
    expr_error_t err;
    expr_t e;
    for (p = src; *p && k + 64 < sizeof buf; p++) {
        if (*p == 'A') { strcpy(buf + k, "root(x^3 - x - 1, x, 1 .. 2, 1)"); k = strlen(buf); }
        else if (*p == 'B') { strcpy(buf + k, "root(x^5 - 3*x + 1, x, 0 .. 1, 1)"); k = strlen(buf); }
        else if (*p == 'C') { strcpy(buf + k, "root(x^4 - 10*x^2 + 5, x, 0 .. 1, 1)"); k = strlen(buf); }
        else buf[k++] = *p;
    }
    buf[k] = 0;
    e = parse(buf);
    assert_true(alg_rewrite(&e, NULL, 128, &err) >= 0);
    return e;
}

/* A ball for the real root of m in [lo, hi] by Arb's complex root finder (a
 * second method). */
static void real_root(arb_t out, const fmpz_poly_t m, double lo, double hi, slong prec)
{
    slong d = fmpz_poly_degree(m), i, found = 0;
    acb_ptr r = _acb_vec_init(d);
    arb_fmpz_poly_complex_roots(r, m, 0, prec);
    for (i = 0; i < d; i++)
        if (acb_is_real(r + i) && arf_cmp_d(arb_midref(acb_realref(r + i)), lo) >= 0 &&
            arf_cmp_d(arb_midref(acb_realref(r + i)), hi) <= 0) {
            arb_set(out, acb_realref(r + i));
            found++;
        }
    assert_int_equal(found, 1);
    _acb_vec_clear(r, d);
}

static void test_cos_minpoly(void **state)
{
    size_t i;
    (void) state;
    for (i = 0; i < sizeof MINPOLY / sizeof MINPOLY[0]; i++) {
        alg_num_t a;
        fmpz_poly_t want;
        arb_t got, c;
        alg_num_init(a);
        fmpz_poly_init(want);
        arb_init(got);
        arb_init(c);
        {   /* "c0 c1 ..." */
            char buf[256], *tok, *save = NULL;
            slong j = 0;
            strcpy(buf, MINPOLY[i].coeffs);
            for (tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
                fmpz_poly_set_coeff_si(want, j++, atol(tok));
        }
        assert_int_equal(alg_num_cos_2pi(a, MINPOLY[i].M), 0);
        if (!fmpz_poly_equal(a->m, want)) fail_msg("M = %lu: wrong minimal polynomial", MINPOLY[i].M);
        alg_num_enclosure(got, a, 300);
        arb_set_ui(c, 2);
        arb_div_ui(c, c, MINPOLY[i].M, 400);
        arb_cos_pi(c, c, 400);
        assert_true(arb_overlaps(got, c));
        assert_true(arb_rel_accuracy_bits(got) >= 280);
        alg_num_clear(a);
        fmpz_poly_clear(want);
        arb_clear(got);
        arb_clear(c);
    }
}

static void test_root_and_tag(void **state)
{
    fmpq_poly_t P;
    fmpq_t lo, hi;
    alg_num_t a, b;
    arb_t got, want;
    char *tag;
    fmpz_poly_t m;
    (void) state;
    fmpq_poly_init(P);
    fmpq_init(lo);
    fmpq_init(hi);
    alg_num_init(a);
    alg_num_init(b);
    arb_init(got);
    arb_init(want);
    fmpz_poly_init(m);
    /* (x^3 - x - 1)(x^2 - 2)(2x - 3): in [1, 2] the roots 1.3247.., 1.4142.., 3/2 */
    fmpq_poly_set_str(P, "6  2 2 -1 -3 0 1");   /* (x^3 - x - 1)(x^2 - 2) */
    {
        fmpq_poly_t l;
        fmpq_poly_init(l);
        fmpq_poly_set_str(l, "2  -3 2");
        fmpq_poly_mul(P, P, l);
        fmpq_poly_clear(l);
    }
    fmpq_set_si(lo, 1, 1);
    fmpq_set_si(hi, 2, 1);
    assert_int_equal(alg_num_root_in_interval(a, P, lo, hi, 1), 0);
    fmpz_poly_set_str(m, "4  -1 -1 0 1");
    assert_true(fmpz_poly_equal(a->m, m));
    alg_num_enclosure(got, a, 200);
    real_root(want, m, 1, 2, 300);
    assert_true(arb_overlaps(got, want));
    assert_int_equal(alg_num_root_in_interval(a, P, lo, hi, 2), 0);
    fmpz_poly_set_str(m, "3  -2 0 1");
    assert_true(fmpz_poly_equal(a->m, m));
    assert_int_equal(alg_num_root_in_interval(a, P, lo, hi, 3), 0);
    assert_int_equal(fmpz_poly_degree(a->m), 1);
    assert_true(fmpq_equal(a->lo, a->hi));
    fmpq_set_si(lo, 3, 2);
    assert_true(fmpq_equal(a->lo, lo));
    assert_int_equal(alg_num_root_in_interval(a, P, lo, hi, 2), -1);   /* only 3/2 in [3/2, 2] */
    /* tags read back exactly; bad tags are refused */
    fmpq_set_si(lo, 1, 1);
    assert_int_equal(alg_num_root_in_interval(a, P, lo, hi, 1), 0);
    tag = alg_num_tag(a);
    assert_int_equal(alg_num_from_tag(b, tag), 0);
    assert_true(alg_num_equal(a, b));
    flint_free(tag);
    assert_int_equal(alg_num_from_tag(b, "alg:-2 0 1 1 2"), 0);          /* sqrt 2 */
    assert_false(alg_num_equal(a, b));
    assert_int_equal(alg_num_from_tag(b, "alg:-4 0 1 1 3"), -1);         /* reducible */
    assert_int_equal(alg_num_from_tag(b, "alg:-2 0 1 -2 2"), -1);        /* two roots */
    assert_int_equal(alg_num_from_tag(b, "alg:-2 0 1 2 3"), -1);         /* none */
    assert_int_equal(alg_num_from_tag(b, "alg:-2 0 x 1 2"), -1);
    assert_int_equal(alg_num_from_tag(b, "sqrt"), -1);
    /* the same root from two intervals is equal; another root of m is not */
    assert_int_equal(alg_num_from_tag(a, "alg:-2 0 1 1 3/2"), 0);
    assert_int_equal(alg_num_from_tag(b, "alg:-2 0 1 5/4 2"), 0);
    assert_true(alg_num_equal(a, b));
    assert_int_equal(alg_num_from_tag(b, "alg:-2 0 1 -2 -1"), 0);
    assert_false(alg_num_equal(a, b));
    fmpq_poly_clear(P);
    fmpq_clear(lo);
    fmpq_clear(hi);
    alg_num_clear(a);
    alg_num_clear(b);
    arb_clear(got);
    arb_clear(want);
    fmpz_poly_clear(m);
}

static slong gen_tag(alg_field_t F, const char *tag)
{
    alg_num_t a;
    slong g;
    alg_num_init(a);
    assert_int_equal(alg_num_from_tag(a, tag), 0);
    g = alg_field_gen_num(F, a);
    alg_num_clear(a);
    return g;
}

static void test_independence(void **state)
{
    alg_field_t F;
    (void) state;
    /* 2^(1/4) and sqrt 2 = (2^(1/4))^2: refused in either order */
    alg_field_init(F, 1);
    assert_true(gen_tag(F, "alg:-2 0 0 0 1 1 2") >= 0);
    assert_int_equal(alg_field_gen(F, 2), -1);
    assert_true(alg_field_gen(F, 3) >= 0);
    alg_field_clear(F);
    alg_field_init(F, 1);
    assert_true(alg_field_gen(F, 2) >= 0);
    assert_int_equal(gen_tag(F, "alg:-2 0 0 0 1 1 2"), -1);
    alg_field_clear(F);
    /* 2^(1/3) and 4^(1/3) = (2^(1/3))^2 */
    alg_field_init(F, 1);
    assert_true(gen_tag(F, "alg:-2 0 0 1 1 2") >= 0);
    assert_int_equal(gen_tag(F, "alg:-4 0 0 1 1 2"), -1);
    assert_true(gen_tag(F, "alg:-3 0 0 1 1 2") >= 0);   /* 3^(1/3): degree 9 in all */
    assert_int_equal(F->n, 2);
    assert_true(gen_tag(F, "alg:-2 0 0 1 1 3/2") == F->first);   /* the same number: reused */
    alg_field_clear(F);
    /* cos(2 pi / 7) with sqrt 2, sqrt 3 */
    alg_field_init(F, 1);
    assert_true(gen_tag(F, "alg:-1 -4 4 8 1/2 1") >= 0);
    assert_true(alg_field_gen(F, 2) >= 0);
    assert_true(alg_field_gen(F, 3) >= 0);
    alg_field_clear(F);
    /* cos(pi/10) contains sqrt 5 */
    alg_field_init(F, 1);
    assert_true(gen_tag(F, "alg:5 0 -20 0 16 7/8 1") >= 0);
    assert_int_equal(alg_field_gen(F, 5), -1);
    {   /* ... so sqrt(5) and sqrt(5/4) are written in it (found by LLL, checked exactly) */
        fmpq_mpoly_ctx_t ctx;
        fmpq_mpoly_t s, t;
        fmpq_t q;
        arb_ptr v = _arb_vec_init(NV);
        arb_t y, w;
        fmpq_mpoly_ctx_init(ctx, NV, ORD_LEX);
        fmpq_mpoly_init(s, ctx);
        fmpq_mpoly_init(t, ctx);
        fmpq_init(q);
        arb_init(y);
        arb_init(w);
        fmpq_set_si(q, 5, 4);
        assert_int_equal(alg_field_sqrt(s, q, F, ctx), 0);
        assert_int_equal(F->n, 1);
        fmpq_mpoly_mul(t, s, s, ctx);
        alg_field_reduce(t, F, ctx);
        assert_true(fmpq_mpoly_is_fmpq(t, ctx));
        fmpq_mpoly_get_fmpq(q, t, ctx);
        assert_true(fmpz_equal_si(fmpq_numref(q), 5) && fmpz_equal_si(fmpq_denref(q), 4));
        alg_field_gen_balls(v, F, 200);
        alg_mpoly_eval_balls(y, s, v, ctx, 200);
        arb_sqrt_ui(w, 5, 200);
        arb_mul_2exp_si(w, w, -1);
        assert_true(arb_overlaps(y, w));
        fmpq_set_si(q, 3, 1);   /* sqrt 3 is not in Q(cos(pi/10)): a generator */
        assert_int_equal(alg_field_sqrt(s, q, F, ctx), 0);
        assert_int_equal(F->n, 2);
        fmpq_mpoly_clear(s, ctx);
        fmpq_mpoly_clear(t, ctx);
        fmpq_mpoly_ctx_clear(ctx);
        fmpq_clear(q);
        arb_clear(y);
        arb_clear(w);
        _arb_vec_clear(v, NV);
    }
    alg_field_clear(F);
}

/* Random elements of Q(alpha, sqrt 2, beta), alpha^3 = alpha + 1, beta = 2^(1/3)... :
 * products against balls at independent enclosures, inverses exactly,
 * norms against the product over all conjugate tuples. */
static void test_random_elements(void **state)
{
    fmpq_mpoly_ctx_t ctx;
    alg_field_t F;
    flint_rand_t st;
    fmpz_poly_t m1, m3;
    arb_ptr v = _arb_vec_init(NV), w = _arb_vec_init(NV);
    slong g1, g2, g3, it;
    (void) state;
    flint_randinit(st);
    fmpq_mpoly_ctx_init(ctx, NV, ORD_LEX);
    alg_field_init(F, 1);
    g1 = gen_tag(F, "alg:-1 -1 0 1 1 2");
    g2 = alg_field_gen(F, 2);
    g3 = gen_tag(F, "alg:-2 0 0 1 1 2");
    assert_true(g1 >= 0 && g2 >= 0 && g3 >= 0);
    fmpz_poly_init(m1);
    fmpz_poly_init(m3);
    fmpz_poly_set_str(m1, "4  -1 -1 0 1");
    fmpz_poly_set_str(m3, "4  -2 0 0 1");
    /* independent enclosures: Arb's root finder and sqrt */
    real_root(w + g1, m1, 1, 2, 400);
    arb_sqrt_ui(w + g2, 2, 400);
    real_root(w + g3, m3, 1, 2, 400);
    alg_field_gen_balls(v, F, 400);
    assert_true(arb_overlaps(v + g1, w + g1) && arb_overlaps(v + g3, w + g3));
    for (it = 0; it < 60; it++) {
        fmpq_mpoly_t a, b, c, one;
        arb_t x, y, z;
        fmpq_mpoly_init(a, ctx);
        fmpq_mpoly_init(b, ctx);
        fmpq_mpoly_init(c, ctx);
        fmpq_mpoly_init(one, ctx);
        arb_init(x); arb_init(y); arb_init(z);
        {   /* random polynomials in the generators, exponents up to 5 (reduced below) */
            slong k, nt = 1 + n_randint(st, 6);
            ulong ex[NV];
            fmpq_t q;
            fmpq_init(q);
            for (k = 0; k < 2 * nt; k++) {
                slong i;
                for (i = 0; i < NV; i++) ex[i] = 0;
                ex[g1] = n_randint(st, 6);
                ex[g2] = n_randint(st, 3);
                ex[g3] = n_randint(st, 5);
                fmpq_set_si(q, (slong) n_randint(st, 41) - 20, 1 + n_randint(st, 9));
                fmpq_mpoly_set_coeff_fmpq_ui(k < nt ? a : b, q, ex, ctx);
            }
            fmpq_clear(q);
        }
        /* value of the product = product of the values (balls at independent enclosures) */
        alg_mpoly_eval_balls(x, a, w, ctx, 400);
        alg_mpoly_eval_balls(y, b, w, ctx, 400);
        arb_mul(x, x, y, 400);
        fmpq_mpoly_mul(c, a, b, ctx);
        alg_field_reduce(c, F, ctx);
        assert_true(fmpq_mpoly_degree_si(c, g1, ctx) < 3 && fmpq_mpoly_degree_si(c, g2, ctx) < 2 &&
                    fmpq_mpoly_degree_si(c, g3, ctx) < 3);
        alg_mpoly_eval_balls(z, c, w, ctx, 400);
        assert_true(arb_overlaps(x, z));
        /* inverse: exactly 1 after reduction; and the norm is a nonzero rational */
        alg_field_reduce(a, F, ctx);
        if (!fmpq_mpoly_is_zero(a, ctx)) {
            assert_int_equal(alg_field_inv(b, a, F, ctx), 0);
            fmpq_mpoly_mul(c, a, b, ctx);
            alg_field_reduce(c, F, ctx);
            assert_true(fmpq_mpoly_is_one(c, ctx));
            alg_field_norm(c, a, F, ctx);
            assert_true(fmpq_mpoly_is_fmpq(c, ctx) && !fmpq_mpoly_is_zero(c, ctx));
        } else assert_int_equal(alg_field_inv(b, a, F, ctx), -1);
        fmpq_mpoly_clear(a, ctx);
        fmpq_mpoly_clear(b, ctx);
        fmpq_mpoly_clear(c, ctx);
        fmpq_mpoly_clear(one, ctx);
        arb_clear(x); arb_clear(y); arb_clear(z);
    }
    /* the norm of alpha - 1 over Q(alpha): res(x - 1, x^3 - x - 1) = +-(1 - 1 - 1) */
    {
        fmpq_mpoly_t a, n;
        fmpq_t q;
        fmpq_mpoly_init(a, ctx);
        fmpq_mpoly_init(n, ctx);
        fmpq_init(q);
        fmpq_mpoly_gen(a, g1, ctx);
        fmpq_mpoly_sub_si(a, a, 1, ctx);
        alg_field_norm(n, a, F, ctx);
        assert_true(fmpq_mpoly_is_fmpq(n, ctx));
        fmpq_mpoly_get_fmpq(q, n, ctx);
        assert_true(fmpq_is_one(q) || fmpq_equal_si(q, -1));
        fmpq_mpoly_clear(a, ctx);
        fmpq_mpoly_clear(n, ctx);
        fmpq_clear(q);
    }
    alg_field_clear(F);
    fmpq_mpoly_ctx_clear(ctx);
    fmpz_poly_clear(m1);
    fmpz_poly_clear(m3);
    _arb_vec_clear(v, NV);
    _arb_vec_clear(w, NV);
    flint_randclear(st);
}

/* Each expression of SIGNS through alg_rewrite (root() -> exact tag) and
 * alg_to_mpoly_field: zero exactly when the table says 0 (reduced to the
 * zero polynomial), else the sign from balls; and the value against the
 * ball evaluator of the same expression (a second method). */
static void test_signs(void **state)
{
    fmpq_mpoly_ctx_t ctx;
    size_t i;
    (void) state;
    fmpq_mpoly_ctx_init(ctx, NV, ORD_LEX);
    for (i = 0; i < sizeof SIGNS / sizeof SIGNS[0]; i++) {
        alg_field_t F;
        fmpq_mpoly_t a;
        expr_t e = parse_rewrite(SIGNS[i].src);
        expr_error_t err;
        const char *vars[1] = {"x"};
        arb_ptr v = _arb_vec_init(NV);
        arb_t y, want;
        int r, s = 2;
        slong prec;
        alg_field_init(F, 1);
        fmpq_mpoly_init(a, ctx);
        arb_init(y);
        arb_init(want);
        r = alg_to_mpoly_field(a, e, vars, 1, ctx, NULL, NULL, ALG_FIELD, F, &err);
        if (r != 0) fail_msg("%s: not converted (%s)", SIGNS[i].src, err.msg);
        if (SIGNS[i].sign == 0) {
            if (!fmpq_mpoly_is_zero(a, ctx)) fail_msg("%s: not reduced to zero", SIGNS[i].src);
            goto next;
        }
        assert_false(fmpq_mpoly_is_zero(a, ctx));
        for (prec = 64; prec <= 1024 && s == 2; prec *= 2) {
            alg_field_gen_balls(v, F, prec);
            alg_mpoly_eval_balls(y, a, v, ctx, prec);
            s = arb_is_positive(y) ? 1 : arb_is_negative(y) ? -1 : 2;
        }
        if (s != SIGNS[i].sign) fail_msg("%s: sign %d, table %d", SIGNS[i].src, s, SIGNS[i].sign);
        assert_int_equal(expr_eval_once(want, NULL, e, NULL, NULL, 256), EXPR_DEFINED);
        assert_true(arb_overlaps(y, want));
    next:
        expr_free(e);
        fmpq_mpoly_clear(a, ctx);
        alg_field_clear(F);
        _arb_vec_clear(v, NV);
        arb_clear(y);
        arb_clear(want);
    }
    fmpq_mpoly_ctx_clear(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cos_minpoly),
        cmocka_unit_test(test_root_and_tag),
        cmocka_unit_test(test_independence),
        cmocka_unit_test(test_random_elements),
        cmocka_unit_test(test_signs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
