/* fuzz_case.c -- libFuzzer harness for the case reader.
 *
 * The input bytes are written to a temporary file and read with case_read.
 * On failure the error must have a file, a line >= 1 and a message; on
 * success the case is cleared again (the sanitizers check that nothing
 * leaks or is touched after it is freed). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "case/case.h"
#include "fuzz_util.h"

#ifndef FUZZ_ABORT
#define FUZZ_ABORT() abort()
#endif

#ifndef FUZZ_CASE_ENTRY
#define FUZZ_CASE_ENTRY LLVMFuzzerTestOneInput
#endif

int FUZZ_CASE_ENTRY(const uint8_t *data, size_t size)
{
    static char path[64];
    case_error_t err;
    case_t c;
    if (size > (1u << 20)) return 0;
    fuzz_write_case(path, sizeof path, "fuzz_case", data, size);
    memset(&err, 0, sizeof err);
    if (case_read(&c, path, &err) == 0) {
        case_clear(&c);
    } else if (err.line < 1 || err.msg[0] == 0) {
        fprintf(stderr, "fuzz_case: error without a line or message: %d:%d: %s\n", err.line, err.col, err.msg);
        FUZZ_ABORT();
    }
    flint_cleanup();
    return 0;
}
