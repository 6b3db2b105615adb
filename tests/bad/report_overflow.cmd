# report: a point quantity that overflows is printed as an overflow, one partly
# outside its domain as not certified defined (they used to read alike)
printf '[case]\ntitle = t\n[parameters]\nx = 0 .. 1\ny = 0 .. 1\n[define]\nbig = exp(exp(1000))*(1+x)\nr = sqrt(y - 1/2)\n[point p]\nx = 1/4\n' > o.case
"$FRICERT" report --templates "$ROOT/templates" -o rep o.case >/dev/null 2>&1 || exit 2
pdftotext rep/o/report.pdf rep/o.txt || exit 2
grep -q 'not certified defined' rep/o.txt || exit 2
grep -m 1 'overflow' rep/o.txt 1>&2
exit 1
