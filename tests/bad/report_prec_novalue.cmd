# --prec as the last argument (it said "unknown option")
printf "[case]\ntitle = t\n[parameters]\nx = 0 .. 1\n" > a.case
"$FRICERT" report a.case --prec
