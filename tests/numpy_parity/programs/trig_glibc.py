# float64 sin and cos to the last bit, as numpy computes them with glibc: the warm-up's points whose
# correctly rounded sin or cos differ from glibc's, one such point per magnitude, huge arguments.
import numpy as np

x = np.linspace(-np.pi, np.pi, 2000)
print(repr(np.sin(x)[633]), repr(np.cos(x)[444]), repr(np.cos(x)[1428]))
points = np.array([-0.114044, -0.177841, 1.323751, -24.626412, 439.124292, -8915.350992, 61887.668185,
                   12908702.837777, 942242857.027211, -24090387560360.125, 1e22, 1.5 * 2.0 ** 1000, -1.7976931348623157e308])
print([repr(v) for v in np.sin(points).tolist()])
print([repr(v) for v in np.cos(points).tolist()])
print(repr(np.sin(np.float64(2.0 ** -30))), repr(np.cos(np.float64(-0.0))), repr(np.sin(-0.0)))
