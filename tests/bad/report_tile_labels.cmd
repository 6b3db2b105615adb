# report --tile on a case with a multi-label plot: refused before anything is paved
printf '[case]\ntitle = t\n[parameters]\nx = 0 .. 1\ny = 0 .. 1\n[define]\na = x > y\nb = x < 1/2\n[plot m]\nx = x\ny = y\nlabels = a, b\n' > l.case
"$FRICERT" report -q -o out --tile 1/4 l.case
