#!/usr/bin/env python3
"""numpy_sample.py -- the rod predicate 1 + 3cos^2 t - 3 mu sin t cos t > 0 sampled
uncertified on the 4096^2 grid with numpy, as in the issue's yardstick; prints
"numpy SECONDS POSITIVE (numpy VERSION, python PATH VERSION)" (process time), or
"numpy absent: WHY" without numpy. `make bench` runs it with the first Python of
BENCH_PYTHONS that imports numpy."""
import sys
import time
try:
    import numpy as np
except ImportError as e:
    print("numpy absent: %s cannot import numpy (%s)" % (sys.executable, e))
    raise SystemExit(0)
n = 4096
t0 = time.process_time()
t = np.linspace(0, np.pi / 2, n + 1)[None, :]
mu = np.linspace(0, 3, n + 1)[:, None]
c, s = np.cos(t), np.sin(t)
positive = int(np.count_nonzero(1 + 3 * c * c - 3 * mu * s * c > 0))
print("numpy %.4f %d (numpy %s, python %s %s)" % (time.process_time() - t0, positive, np.__version__,
                                                   sys.executable, sys.version.split()[0]))
