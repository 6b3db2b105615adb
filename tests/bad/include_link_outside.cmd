# include = FILE.defs where FILE.defs is a symbolic link to a file outside the
# case's folder: refused with a located message (it was followed)
mkdir -p case outside
printf '[define]\nsq = a^2\n' > outside/secret.defs
ln -s ../outside/secret.defs case/shared.defs
printf '[case]\ntitle = t\ninclude = shared.defs\n[parameters]\na = 0 .. 1\n' > case/x.case
"$FRICERT" check case/x.case
