# a device given as a case (reading /dev/zero would never end)
timeout 20 "$FRICERT" check /dev/zero
