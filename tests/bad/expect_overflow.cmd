# an [expect] on a value that overflows: said so (it said "partly outside the domain" only)
printf '[case]\ntitle = t\n[parameters]\nx = 0 .. 1\n[define]\nbig = exp(exp(1000))\n[expect]\nbig = 1 +/- 1\n' > ovf.case
"$FRICERT" check ovf.case 1>&2   # the expect lines go to stdout
