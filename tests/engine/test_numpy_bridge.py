"""Tensor.numpy() and torch.from_numpy share memory on the numpy backend (the pure-Python
backend has no numpy arrays to share: numpy() copies there)."""
import pytest
import torch

pytestmark = pytest.mark.skipif(torch._backend.NAME != "numpy", reason="memory is shared on the numpy backend only")


@pytest.mark.parametrize("make", [
    lambda: torch.tensor(1.5) + 1,                          # a 0-d result of a scalar op
    lambda: torch.tensor(2.5, dtype=torch.float64),
    lambda: (torch.tensor(1.5) + 1).view(1),                # a view of one
    lambda: torch.arange(6.).reshape(2, 3)[1, 1:],          # a strided view of a larger buffer
], ids=["0-d result", "0-d float64", "view of a 0-d result", "strided view"])
def test_numpy_shares_memory_both_ways(make):
    t = make()
    n = t.numpy()
    before = t.tolist()
    n += 1
    assert t.tolist() == (before + 1 if isinstance(before, float) else [v + 1 for v in before])
    t.mul_(2)
    assert n.tolist() == t.tolist()
    back = torch.from_numpy(n)
    back.sub_(1)
    assert t.tolist() == n.tolist() == back.tolist()
