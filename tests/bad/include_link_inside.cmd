# even a link that stays inside the case's folder is refused (the rule is
# simple: no links), and report writes nothing
mkdir -p case
printf '[define]\nsq = a^2\n' > case/real.defs
ln -s real.defs case/alias.defs
printf '[case]\ntitle = t\ninclude = alias.defs\n[parameters]\na = 0 .. 1\n' > case/x.case
"$FRICERT" report -o out case/x.case
