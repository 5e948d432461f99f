"""Values and gradients of ops against real PyTorch's (expected values printed by torch 2.13),
for ops no golden program covers yet."""
import math

import pytest
import torch

INF = math.inf


def test_logaddexp2_values_and_gradients_are_pytorchs():
    a = torch.tensor([[0.5, -3.0, 10.0, INF], [-INF, 2.0, 0.1, 0.3]], requires_grad=True)
    b = torch.tensor([1.25, 4.0, -100.0, 1.7], requires_grad=True)
    y = a.logaddexp2(b)
    y.backward(torch.ones_like(y))
    assert y.grad_fn.name() == "Logaddexp2Backward0"
    assert y.tolist() == [[1.9231977462768555, 4.011227130889893, 10.0, INF],
                          [1.25, 4.321928024291992, 0.10000000149011612, 2.163548231124878]]
    assert a.grad.tolist() == [[0.3728848993778229, 0.007751937955617905, 1.0, 1.0],
                               [0.0, 0.20000000298023224, 1.0, 0.27479955554008484]]
    assert b.grad.tolist() == [1.6271151304244995, 1.792248010635376, 7.36804372993717e-31, 0.7252004146575928]


def test_logaddexp2_is_only_for_floating_dtypes():
    with pytest.raises(NotImplementedError, match="^\"logaddexp2_cpu\" not implemented for 'Long'$"):
        torch.logaddexp2(torch.tensor([1, 2]), torch.tensor([3, 4]))


def test_a_float64_product_with_a_transposed_operand_broadcasts_as_pytorchs():
    # (the numpy backend's in-order float64 product once kept its operand's layout: a strided buffer
    # that a broadcasting op then read wrongly)
    column = torch.arange(8, dtype=torch.float64).reshape(4, 2).narrow(-1, 0, 1)
    product = torch.eye(4, dtype=torch.float64).expand((4, 4)) @ (0.5 * column)
    assert (product * column.mT).tolist() == [[0.0, 0.0, 0.0, 0.0], [0.0, 2.0, 4.0, 6.0],
                                               [0.0, 4.0, 8.0, 12.0], [0.0, 6.0, 12.0, 18.0]]


def test_float32_sums_over_dims_of_one_are_the_kernels_sums():
    """A float32 sum over dims of size 1 only (a bias's gradient for one sample) adds each value to
    0 without the reduction kernel: the kernel's bits (-0 becomes +0, as in PyTorch), on random
    shapes, strided views, kept and dropped dims, with zeros, -0, infinities and NaN."""
    import random
    from torch._aten import reduce as kernel_sums
    from torch._ops import reduction
    rng = random.Random(35)
    specials = [0.0, -0.0, INF, -INF, math.nan, 1e-45, -3.5]
    for trial in range(60):
        shape = [rng.choice([1, 1, 2, 3, 5]) for _ in range(rng.randint(1, 4))]
        x = torch.randn(*shape)
        flat = x.view(-1)
        for i in range(min(3, flat.numel())):
            flat[rng.randrange(flat.numel())] = rng.choice(specials)
        if x.dim() > 1 and trial % 2:
            x = x.transpose(0, -1)  # strided
        ones = [d for d, s in enumerate(x.shape) if s == 1]
        if not ones:
            continue
        dims = tuple(rng.sample(ones, rng.randint(1, len(ones))))
        keepdim = bool(trial % 3)
        ours = x.sum(dims, keepdim=keepdim)
        want = reduction._exact(kernel_sums.sum, x, dims, keepdim)
        assert ours.shape == want.shape
        assert ours.view(torch.int32).tolist() == want.view(torch.int32).tolist(), (shape, dims)
