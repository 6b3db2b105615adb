/* fc_ball.h -- the one way fricert prints numbers: balls as text that
 * encloses them, and doubles rounded outward, used by the CLI, results.json,
 * report.pdf, figures and P.tex alike. */
#ifndef FC_BALL_H
#define FC_BALL_H

#include <stddef.h>
#include "fc_arb.h"

/* The digits rule: significant decimal digits shown for a ball computed at
 * PREC bits, floor(prec log10 2), at least 3. */
slong fc_ball_digits(slong prec);

/* A string (flint_free) whose value set contains x: arb_get_str with
 * fc_ball_digits(prec) digits, a few digits more than certain when x is
 * wide ("[1.5 +/- 0.25]" rather than "[+/- 1.75]"), and trailing zeros of an
 * exact value dropped ("-9", "0.25"). */
char *fc_ball_str(const arb_t x, slong prec);

/* The same text with typographic signs for documents: " +/- " as " ± " and a
 * leading minus as U+2212. DIGITS <= 0: the digits rule at PREC. The
 * printed interval contains x. */
char *fc_ball_str_unicode(const arb_t x, slong digits, slong prec);

/* The closed interval [a, b] whose ends lie in the balls LO and HI, as text
 * for documents (flint_free): "[a', b']" with a' <= every point of LO and
 * b' >= every point of HI (outward rounded, so [a', b'] contains [a, b]),
 * a leading minus as U+2212. The ends get DIGITS significant digits (<= 0:
 * the digits rule at PREC), more (up to the digits rule) until each printed
 * end is within two units of its last digit of every point of its ball; if
 * even that fails (a wide ball) the ends stay outward but looser. A ball
 * that is not finite gives "(no finite enclosure)". */
char *fc_ball_interval_str_unicode(const arb_t lo, const arb_t hi, slong digits, slong prec);

/* Decimal midpoint and radius (flint_free both) with [mid - rad, mid + rad]
 * containing x: split from arb_get_str(x, digits, 0). */
void fc_ball_mid_rad(char **mid, char **rad, const arb_t x, slong digits);

/* The outward-rounding helper: SCALE * V (V a double, SCALE a small
 * integer, e.g. 100 for a percentage) written to BUF with DIGITS decimals
 * (CONV 'f') or significant digits (CONV 'g'), rounded up (UP = 1) or down:
 * the printed decimal is a rigorous upper (lower) bound of SCALE * V. */
void fc_ball_bound_d(char *buf, size_t n, double v, long scale, int digits, char conv, int up);
/* The same for an exact arf x (scale 1). */
void fc_ball_bound_arf(char *buf, size_t n, const arf_t x, int digits, char conv, int up);

#endif
