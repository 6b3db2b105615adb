# an [expect] on a value partly outside its domain: said so, and not called an overflow
printf '[case]\ntitle = t\n[parameters]\nx = 0 .. 1\n[define]\nr = sqrt(x - 1/2)\n[expect]\nr = 1 +/- 1\n' > dom.case
"$FRICERT" check dom.case 1>&2   # the expect lines go to stdout
