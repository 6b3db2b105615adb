/* expr_lex.c -- tokenizer with line/column positions. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "expr/expr_lex.h"

void expr_lex_init(expr_lexer *lx, const char *src, int line, int col, expr_error_t *err)
{
    lx->src = lx->p = src;
    lx->line = line;
    lx->col = col;
    lx->err = err;
    lx->failed = 0;
    expr_lex_next(lx);
}

static void advance(expr_lexer *lx, int n)
{
    while (n-- > 0 && *lx->p) {
        if (*lx->p == '\n') {
            lx->line++;
            lx->col = 1;
        } else if (((unsigned char) *lx->p & 0xC0) != 0x80) {
            lx->col++;   /* count characters, not UTF-8 continuation bytes */
        }
        lx->p++;
    }
}

/* 1 if p starts a well-formed UTF-8 sequence of two to four bytes. */
static int utf8_ok(const unsigned char *p)
{
    int n, i;
    if (p[0] >= 0xc2 && p[0] <= 0xdf) n = 1;
    else if (p[0] >= 0xe0 && p[0] <= 0xef) n = 2;
    else if (p[0] >= 0xf0 && p[0] <= 0xf4) n = 3;
    else return 0;
    for (i = 1; i <= n; i++)
        if ((p[i] & 0xc0) != 0x80) return 0;
    return 1;
}

static int is_ident_start(int c) { return isalpha(c) || c == '_'; }
static int is_ident_char(int c) { return isalnum(c) || c == '_'; }

void expr_lex_next(expr_lexer *lx)
{
    expr_tok *t = &lx->tok;
    const char *p;
    int c;

    for (;;) {
        c = (unsigned char) *lx->p;
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') advance(lx, 1);
        else break;
    }
    t->start = lx->p;
    t->line = lx->line;
    t->col = lx->col;
    t->len = 0;
    p = lx->p;
    c = (unsigned char) *p;

    if (c == 0) { t->kind = TOK_END; return; }

    if (isdigit(c) || (c == '.' && isdigit((unsigned char) p[1]))) {
        const char *q = p;
        while (isdigit((unsigned char) *q)) q++;
        if (*q == '.' && q[1] != '.') {
            q++;
            while (isdigit((unsigned char) *q)) q++;
        }
        if ((*q == 'e' || *q == 'E') &&
            (isdigit((unsigned char) q[1]) ||
             ((q[1] == '+' || q[1] == '-') && isdigit((unsigned char) q[2])))) {
            q += 2;
            while (isdigit((unsigned char) *q)) q++;
        }
        t->kind = TOK_NUM;
        t->len = (int) (q - p);
        advance(lx, t->len);
        return;
    }
    if (is_ident_start(c)) {
        const char *q = p;
        while (is_ident_char((unsigned char) *q)) q++;
        t->kind = TOK_IDENT;
        t->len = (int) (q - p);
        advance(lx, t->len);
        return;
    }
    t->len = 1;
    switch (c) {
    case '+': t->kind = TOK_PLUS; break;
    case '-': t->kind = TOK_MINUS; break;
    case '*':
        if (p[1] == '*') { t->kind = TOK_CARET; t->len = 2; }   /* ** as ^ */
        else t->kind = TOK_STAR;
        break;
    case '/': t->kind = TOK_SLASH; break;
    case '^': t->kind = TOK_CARET; break;
    case '(': t->kind = TOK_LPAREN; break;
    case ')': t->kind = TOK_RPAREN; break;
    case ',': t->kind = TOK_COMMA; break;
    case ':': t->kind = TOK_COLON; break;
    case '.':
        if (p[1] == '.') { t->kind = TOK_DOTDOT; t->len = 2; break; }
        goto bad;
    case '<':
        if (p[1] == '=') { t->kind = TOK_LE; t->len = 2; } else t->kind = TOK_LT;
        break;
    case '>':
        if (p[1] == '=') { t->kind = TOK_GE; t->len = 2; } else t->kind = TOK_GT;
        break;
    case '=':
        if (p[1] == '=') { t->kind = TOK_EQ; t->len = 2; break; }
        snprintf(lx->err->msg, sizeof lx->err->msg, "'=' is not an operator here; write '==' to compare");
        goto fail;
    case '!':
        if (p[1] == '=') { t->kind = TOK_NE; t->len = 2; break; }
        snprintf(lx->err->msg, sizeof lx->err->msg, "'!' alone is not an operator; write 'not' or '!='");
        goto fail;
    default:
    bad:
        if (c >= 0x80 && !utf8_ok((const unsigned char *) p))
            snprintf(lx->err->msg, sizeof lx->err->msg, "invalid UTF-8 byte 0x%02x", c);
        else if (c >= 0x80)
            snprintf(lx->err->msg, sizeof lx->err->msg,
                     "unexpected non-ASCII character; names are ASCII (write theta, not θ)");
        else if (isprint(c))
            snprintf(lx->err->msg, sizeof lx->err->msg, "unexpected character '%c'", c);
        else
            snprintf(lx->err->msg, sizeof lx->err->msg, "unexpected control character 0x%02x", c);
        goto fail;
    }
    advance(lx, t->len);
    return;
fail:
    t->kind = TOK_ERROR;
    lx->err->line = t->line;
    lx->err->col = t->col;
    lx->failed = 1;
}

int expr_lex_is_word(const expr_lexer *lx, const char *word)
{
    size_t n = strlen(word);
    return lx->tok.kind == TOK_IDENT && (size_t) lx->tok.len == n &&
           memcmp(lx->tok.start, word, n) == 0;
}

int expr_lex_number(fmpq_t out, const char *s, int len)
{
    fmpz_t num, den, t;
    long ex = 0;
    int i = 0, neg_ex = 0;

    fmpz_init(num);
    fmpz_init(den);
    fmpz_init(t);
    fmpz_one(den);
    for (; i < len && isdigit((unsigned char) s[i]); i++) {
        fmpz_mul_ui(num, num, 10);
        fmpz_add_ui(num, num, s[i] - '0');
    }
    if (i < len && s[i] == '.') {
        for (i++; i < len && isdigit((unsigned char) s[i]); i++) {
            fmpz_mul_ui(num, num, 10);
            fmpz_add_ui(num, num, s[i] - '0');
            fmpz_mul_ui(den, den, 10);
        }
    }
    if (i < len && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (s[i] == '+' || s[i] == '-') neg_ex = (s[i++] == '-');
        for (; i < len && isdigit((unsigned char) s[i]); i++) {
            ex = ex * 10 + (s[i] - '0');
            if (ex > EXPR_MAX_DEC_EXP) break;
        }
    }
    if (ex > EXPR_MAX_DEC_EXP) {
        fmpz_clear(num); fmpz_clear(den); fmpz_clear(t);
        return -1;
    }
    fmpz_set_ui(t, 10);
    fmpz_pow_ui(t, t, (ulong) ex);
    if (neg_ex) fmpz_mul(den, den, t);
    else fmpz_mul(num, num, t);
    fmpq_set_fmpz_frac(out, num, den);
    fmpz_clear(num);
    fmpz_clear(den);
    fmpz_clear(t);
    return 0;
}
