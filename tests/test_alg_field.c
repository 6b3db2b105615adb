/* test_alg_field.c -- constants of Q(sqrt p_1, ...) (alg_field, ALG_FIELD in
 * alg_to_mpoly_field): each converted constant is compared with the ball
 * evaluator's value of the same expression (a second method: Arb's sqrt,
 * cos, sin, atan on balls), and identities of the field must reduce to the
 * zero polynomial exactly (a ball could never show that). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "alg/alg.h"

#define NV (1 + ALG_FIELD_MAX)

static int field_value(arb_t out, fmpq_mpoly_t a, alg_field_t F, fmpq_mpoly_ctx_t ctx, const char *src)
{
    expr_error_t err;
    expr_t e = expr_parse(src, 1, 1, &err);
    const char *vars[1] = {"x"};
    int r;
    arb_ptr v = _arb_vec_init(NV);
    assert_non_null(e);
    r = alg_to_mpoly_field(a, e, vars, 1, ctx, NULL, NULL, ALG_FIELD, F, &err);
    if (r == 0) {
        arb_set_si(v + 0, 3);
        arb_div_ui(v + 0, v + 0, 7, 256);   /* x = 3/7 */
        alg_field_gen_balls(v, F, 256);
        alg_mpoly_eval_balls(out, a, v, ctx, 256);
    }
    _arb_vec_clear(v, NV);
    expr_free(e);
    return r;
}

static void test_values(void **state)
{
    static const char *src[] = {
        "cos(pi/12)*x", "sin(5*pi/6) + cos(7*pi/4)", "cos(atan(3/4) + pi/3)", "sin(2*atan(1/2))",
        "sqrt(12)/sqrt(3) + x", "1/(1 + sqrt(2))", "(sqrt(3)/2)^(-2)", "cos(-pi/3 + atan2(1, 2))",
        "sin(asin(1/3) - acos(1/4))", "tan(0) + cos(3*(pi/4))",
    };
    fmpq_mpoly_ctx_t ctx;
    size_t i;
    (void) state;
    fmpq_mpoly_ctx_init(ctx, NV, ORD_LEX);
    for (i = 0; i < sizeof src / sizeof src[0]; i++) {
        alg_field_t F;
        fmpq_mpoly_t a;
        arb_t got, want, x;
        expr_error_t err;
        expr_t e;
        char buf[256];
        int r;
        alg_field_init(F, 1);
        fmpq_mpoly_init(a, ctx);
        arb_init(got); arb_init(want); arb_init(x);
        r = field_value(got, a, F, ctx, src[i]);
        if (strncmp(src[i], "tan", 3) == 0) {   /* tan is not a field operation here */
            assert_int_equal(r, -1);
        } else {
            if (r != 0) fail_msg("%s: not converted", src[i]);
            snprintf(buf, sizeof buf, "(%s)", src[i]);
            {   /* the ball evaluator at x = 3/7 (a second method) */
                char *p, s2[256];
                size_t k = 0;
                for (p = buf; *p && k + 8 < sizeof s2; p++) {
                    if (*p == 'x' && (p == buf || !(p[-1] >= 'a' && p[-1] <= 'z'))) { memcpy(s2 + k, "(3/7)", 5); k += 5; }
                    else s2[k++] = *p;
                }
                s2[k] = 0;
                e = expr_parse(s2, 1, 1, &err);
                assert_non_null(e);
                assert_int_equal(expr_eval_once(want, NULL, e, NULL, NULL, 256), EXPR_DEFINED);
                expr_free(e);
            }
            if (!arb_overlaps(got, want)) {
                fprintf(stderr, "%s: ", src[i]);
                arb_fprintd(stderr, got, 30);
                fprintf(stderr, " vs ");
                arb_fprintd(stderr, want, 30);
                fprintf(stderr, "\n");
            }
            assert_true(arb_overlaps(got, want));
            assert_true(mag_cmp_2exp_si(arb_radref(got), -200) < 0);
        }
        fmpq_mpoly_clear(a, ctx);
        arb_clear(got); arb_clear(want); arb_clear(x);
    }
    fmpq_mpoly_ctx_clear(ctx);
}

static void test_identities(void **state)
{
    static const char *zero[] = {
        "cos(pi/3)^2 + sin(pi/3)^2 - 1", "sqrt(6) - sqrt(2)*sqrt(3)", "cos(pi/12) - (sqrt(6) + sqrt(2))/4",
        "sin(2*atan(1/2)) - 4/5", "cos(atan(3/4)) - 4/5", "1/(1 + sqrt(2)) - sqrt(2) + 1",
        "cos(pi/4 + pi/6) - cos(pi/4)*cos(pi/6) + sin(pi/4)*sin(pi/6)",
    };
    fmpq_mpoly_ctx_t ctx;
    size_t i;
    (void) state;
    fmpq_mpoly_ctx_init(ctx, NV, ORD_LEX);
    for (i = 0; i < sizeof zero / sizeof zero[0]; i++) {
        alg_field_t F;
        fmpq_mpoly_t a;
        arb_t got;
        alg_field_init(F, 1);
        fmpq_mpoly_init(a, ctx);
        arb_init(got);
        assert_int_equal(field_value(got, a, F, ctx, zero[i]), 0);
        if (!fmpq_mpoly_is_zero(a, ctx)) fail_msg("%s: not reduced to zero", zero[i]);
        fmpq_mpoly_clear(a, ctx);
        arb_clear(got);
    }
    /* a nonzero element: its norm is a nonzero rational, its inverse multiplies to 1 */
    {
        alg_field_t F;
        fmpq_mpoly_t a, b;
        arb_t got;
        alg_field_init(F, 1);
        fmpq_mpoly_init(a, ctx);
        fmpq_mpoly_init(b, ctx);
        arb_init(got);
        assert_int_equal(field_value(got, a, F, ctx, "1 + sqrt(2) - sqrt(3)"), 0);
        alg_field_norm(b, a, F, ctx);
        assert_true(fmpq_mpoly_is_fmpq(b, ctx) && !fmpq_mpoly_is_zero(b, ctx));
        assert_int_equal(alg_field_inv(b, a, F, ctx), 0);
        fmpq_mpoly_mul(b, b, a, ctx);
        alg_field_reduce(b, F, ctx);
        assert_true(fmpq_mpoly_is_one(b, ctx));
        fmpq_mpoly_clear(a, ctx);
        fmpq_mpoly_clear(b, ctx);
        arb_clear(got);
    }
    fmpq_mpoly_ctx_clear(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_identities),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
