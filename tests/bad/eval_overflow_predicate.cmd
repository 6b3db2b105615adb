# a comparison of an overflowed value: unknown, and the reason is the overflow
"$FRICERT" eval 'exp(exp(1000)) + sin(x) > 1' x=0..1 1>&2 || exit 2
exit 1
