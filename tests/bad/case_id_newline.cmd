# a file name holding a newline: the id would reach folder names, TeX and JSON
# (the message's first line is the file name's first line: compare the second)
printf '[case]\ntitle = t\n[parameters]\nx = 0 .. 1\n' > 'a
b.case'
"$FRICERT" check 'a
b.case' 2>err >/dev/null
rc=$?
tail -n +2 err >&2
exit $rc
