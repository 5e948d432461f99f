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
