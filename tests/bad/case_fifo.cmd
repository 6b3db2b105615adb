# a case that is a FIFO without a writer: refused at once (it blocked forever)
mkfifo pipe.case || exit 2
timeout 20 "$FRICERT" check pipe.case
