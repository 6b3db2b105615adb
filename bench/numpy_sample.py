#!/usr/bin/env python3
"""numpy_sample.py -- the rod predicate 1 + 3cos^2 t - 3 mu sin t cos t > 0 sampled
uncertified on the 4096^2 grid (its 4097^2 nodes) with numpy, two ways, each the least
process time of 3 runs (a large array's first touch costs page faults, which vary a lot
from run to run):

  per node   cos and sin evaluated at every node (np.meshgrid), as the C double loop of
             bench_pave does and as the issue's yardstick (about 1 s) did: the same work
             per node as any sampler of a predicate that is not separable;
  separable  cos and sin evaluated once per column and broadcast: uses that this
             predicate's trigonometry depends on t alone (a sampler of a general case
             file cannot), so only the polynomial part is evaluated per node.

Prints "numpy SECONDS POSITIVE (numpy VERSION, python PATH VERSION)" for the per-node
method, then "numpy-separable SECONDS POSITIVE", or "numpy absent: WHY" without numpy.
`make bench` runs it with the first Python of BENCH_PYTHONS that imports numpy."""
import sys
import time
try:
    import numpy as np
except ImportError as e:
    print("numpy absent: %s cannot import numpy (%s)" % (sys.executable, e))
    raise SystemExit(0)
N = 4096


def per_node():
    t, mu = np.meshgrid(np.linspace(0, np.pi / 2, N + 1), np.linspace(0, 3, N + 1))
    c, s = np.cos(t), np.sin(t)
    return int(np.count_nonzero(1 + 3 * c * c - 3 * mu * s * c > 0))


def separable():
    t = np.linspace(0, np.pi / 2, N + 1)[None, :]
    mu = np.linspace(0, 3, N + 1)[:, None]
    c, s = np.cos(t), np.sin(t)
    return int(np.count_nonzero(1 + 3 * c * c - 3 * mu * s * c > 0))


def least_of_3(f):
    best, pos = None, None
    for _ in range(3):
        t0 = time.process_time()
        pos = f()
        dt = time.process_time() - t0
        best = dt if best is None or dt < best else best
    return best, pos


sec, pos = least_of_3(per_node)
print("numpy %.4f %d (numpy %s, python %s %s)" % (sec, pos, np.__version__, sys.executable,
                                                  sys.version.split()[0]))
sec2, pos2 = least_of_3(separable)
print("numpy-separable %.4f %d" % (sec2, pos2))
