# a folder on the include's path that is a symbolic link (here to a folder
# outside the case's): refused, naming the link
mkdir -p case outside
printf '[define]\nsq = a^2\n' > outside/m.defs
ln -s ../outside case/lib
printf '[case]\ntitle = t\ninclude = lib/m.defs\n[parameters]\na = 0 .. 1\n' > case/x.case
"$FRICERT" check case/x.case
