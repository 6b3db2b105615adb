# a value partly outside its domain: said so, and not called an overflow
"$FRICERT" eval 'sqrt(x)' x=-1..1 1>&2 || exit 2
exit 1
