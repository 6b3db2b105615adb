/* test_run_sha256.c -- SHA-256 of bytes and files (run_sha256.c) against the FIPS 180-4 test vectors. */
#include "test_report_util.h"

/* ---------------------------------------------------------------- SHA-256 */

static void
test_sha256(void **state)
{
    char hex[65];
    static const char *abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

    (void) state;
    run_sha256_hex("abc", 3, hex);
    assert_string_equal(hex, abc);
    run_sha256_hex("", 0, hex);
    assert_string_equal(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    run_sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 56, hex);
    assert_string_equal(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    write_text("abc.txt", "abc");
    assert_int_equal(run_sha256_file(tmp_path("abc.txt"), hex), 0);
    assert_string_equal(hex, abc);
    assert_int_equal(run_sha256_file(tmp_path("no-such-file"), hex), -1);
    assert_string_equal(hex, "");
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sha256),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
