# a template block names a plot the case does not have: refused before computing
mkdir tmpl || exit 2
printf '# R\n\n{{plot:nosuch}}\n' > tmpl/badplot.tmpl
printf '[case]\ntitle = bad\ntemplate = badplot\n[parameters]\nx = 0 .. 1\ny = 0 .. 1\n[regions]\na = x < y\nb = x > y\n[plot p]\nx = x\ny = y\ndepth = 3\n' > bad.case
"$FRICERT" report -o out --templates tmpl bad.case
