# the second case's template names a point the case does not have: found in
# the validation pass, so the first (good) case is not written either
mkdir tmpl || exit 2
cp "$ROOT/templates/default.tmpl" tmpl/ || exit 2
printf '# R\n\nValue {{q:f@nopoint}}.\n' > tmpl/badref.tmpl
printf '[case]\ntitle = good\n[parameters]\nx = 0 .. 1\ny = 0 .. 1\n[regions]\na = x < y\nb = x > y\n[plot p]\nx = x\ny = y\ndepth = 3\n' > good.case
printf '[case]\ntitle = bad\ntemplate = badref\n[parameters]\nx = 0 .. 1\n[define]\nf = x + 1\n' > bad.case
"$FRICERT" report -o out --templates tmpl good.case bad.case
