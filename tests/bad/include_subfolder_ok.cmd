# the rule's other side: an include in a real subfolder is read (check passes),
# so the refusals above are about links, not subfolders
mkdir -p case/lib
printf '[define]\nsq = a^2\n' > case/lib/m.defs
printf '[case]\ntitle = t\ninclude = lib/m.defs\n[parameters]\na = 0 .. 1\n[point p]\na = 1/2\n[expect]\nsq@p = 1/4 +/- 0\n' > case/x.case
"$FRICERT" check case/x.case >out.txt 2>&1 || { cat out.txt 1>&2; exit 2; }
tail -n 1 out.txt 1>&2
exit 1
