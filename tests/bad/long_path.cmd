# a case path of over 600 bytes appears whole in the message (it was cut at 511)
d=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa
p=$d/$d/$d/$d/$d/$d
mkdir -p $p || exit 2
printf '[case]\ntitle = t\n[parameters]\nx = 0 .. 1\ny = 1 ..\n' > $p/bad.case
"$FRICERT" check $p/bad.case
