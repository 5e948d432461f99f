"""The browser's numpy in the page: a learner's `import numpy as np` runs in the worker, prints as
numpy 2.x prints, shares memory with tensors, and starts each run from numpy's defaults."""

PROGRAM = """import numpy as np
import torch
np.random.seed(0)
a = np.random.rand(3)
t = torch.from_numpy(a)
t.mul_(2)
print(repr(a), t.dtype)
print(np.arange(6).reshape(2, 3) @ np.ones((3, 2)))
np.set_printoptions(precision=2)
"""

EXPECTED = """array([1.09762701, 1.43037873, 1.20552675]) torch.float64
[[ 3.  3.]
 [12. 12.]]"""


def test_numpy_runs_in_the_page(lesson_app):
    assert lesson_app.run(PROGRAM).strip() == EXPECTED
    # the print options the last run set are gone: each run imports numpy afresh
    assert lesson_app.run(PROGRAM).strip() == EXPECTED


def test_a_name_outside_the_subset_says_so(lesson_app):
    out = lesson_app.run("import numpy as np\ntry:\n    np.fft.fft([1])\nexcept NotImplementedError as e:\n    print(e)")
    assert out.strip().startswith("numpy.fft is not available in the browser; ")


def test_default_rng_linalg_and_unsigned_arrays_in_the_page(lesson_app):
    out = lesson_app.run("import numpy as np\n"
                         "rng = np.random.default_rng(0)\n"
                         "print(rng.integers(0, 10, 5), rng.standard_normal(2))\n"
                         "a = np.array([[1., 2.], [3., 4.]])\n"
                         "print(np.linalg.inv(a), repr(np.linalg.det(a)), np.linalg.solve(a, [5., 6.]), np.linalg.norm(a))\n"
                         "print(np.arange(3, dtype=np.uint16) - 1)")
    assert out.strip() == ("[8 6 5 2 3] [ 0.10490012 -0.53566937]\n[[-2.   1. ]\n [ 1.5 -0.5]] "
                           "np.float64(-2.0000000000000004) [-4.   4.5] 5.477225575051661\n[65535     0     1]")
