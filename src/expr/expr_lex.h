/* expr_lex.h -- tokens of the expression language (internal to src/expr). */
#ifndef FC_EXPR_LEX_H
#define FC_EXPR_LEX_H

#include "expr/expr.h"

typedef enum {
    TOK_END, TOK_NUM, TOK_IDENT,
    TOK_PLUS, TOK_MINUS, TOK_STAR, TOK_SLASH, TOK_CARET,
    TOK_LPAREN, TOK_RPAREN, TOK_COMMA, TOK_DOTDOT, TOK_COLON,
    TOK_LT, TOK_LE, TOK_GT, TOK_GE, TOK_EQ, TOK_NE,
    TOK_ERROR
} expr_tok_kind;

typedef struct {
    expr_tok_kind kind;
    const char *start;   /* into the source */
    int len;
    int line, col;
} expr_tok;

typedef struct {
    const char *src, *p;
    int line, col;
    expr_tok tok;        /* current token */
    expr_error_t *err;
    int failed;
} expr_lexer;

void expr_lex_init(expr_lexer *lx, const char *src, int line, int col, expr_error_t *err);
/* Advances to the next token; on a bad character sets TOK_ERROR and err. */
void expr_lex_next(expr_lexer *lx);
/* 1 if the current token is the identifier word. */
int expr_lex_is_word(const expr_lexer *lx, const char *word);
/* Converts a TOK_NUM's text to an exact rational; 0 on success, -1 if the
 * exponent is out of range (|exponent| > EXPR_MAX_DEC_EXP). */
int expr_lex_number(fmpq_t out, const char *s, int len);

#define EXPR_MAX_DEC_EXP 4000

#endif
