"""Every entry of the derivative table in forward mode: its tangent formula against reverse mode.

For each gradcheck sample of an entry (test_gradcheck_ops.SAMPLES), random tangents v for the
inputs and random cotangents u for the outputs must give u . (J v) == (J^T u) . v, the first from
forward AD (make_dual, unpack_dual), the second from backward. Entries sampled through a gradient
(order 2: tanh_backward ...) are checked forward-over-reverse: the tangent of a gradient built
with create_graph=True is a Hessian-vector product, compared with reverse-over-reverse. Entries
PyTorch gives no forward formula raise its NotImplementedError instead (NO_FORWARD_FORMULA).
"""
import pytest
import torch
import torch.autograd.forward_ad as fwAD
from torch.autograd.derivatives import TABLE

from test_gradcheck_ops import FIRST_ORDER_ONLY, SAMPLES, recorded_nodes

# Entries without a forward-mode formula, each also without one in PyTorch 2.13 (derivatives.yaml
# has no "result:" for them), except where said
NO_FORWARD_FORMULA = {
    "_resize", "_histogram", "_histogramdd", "_ldl_factor_ex", "_ldl_solve", "_geqrf", "ormqr",
    "_cdist", "_pdist", "_index_reduce", "_igamma_op", "_igammac_op", "_zeta_tensors", "_zeta_self_number",
    "_zeta_other_number", "cholesky_legacy", "_weight_norm_interface",
    "_multi_margin_loss", "_multi_margin_loss_backward", "_multilabel_margin_loss",
    "_multilabel_margin_loss_backward", "_embedding_bag", "_grid_sampler_double_backward",
    "_grid_sampler_2d_backward", "grid_sampler_2d", "_grid_sampler_3d_backward", "grid_sampler_3d",
    "_ctc_loss", "_ctc_loss_backward", "_conv_tbc", "_flash_attention", "_lstm_layer", "floor_divide",
    "_pack_padded_sequence",
}
# Samples whose result PyTorch's formula leaves without a tangent (scatter_reduce_jvp returns an
# undefined tangent for reduce="prod", raising nothing)
NO_TANGENT = {("_scatter_reduce", 1), ("_scatter_reduce", 5)}

CASES = [pytest.param(name, sample, id=f"{name}-{i}")
         for name, samples in SAMPLES.items() for i, sample in enumerate(samples)]


def _tuple(x):
    return tuple(x) if isinstance(x, (list, tuple)) else (x,)


def _float_outputs(outputs):
    return [o for o in _tuple(outputs) if isinstance(o, torch.Tensor) and o.dtype.is_floating_point]


def _random_like(t, generator):
    return torch.randn(t.shape, dtype=t.dtype, generator=generator)


def _dot(xs, ys):
    return sum((x * y).sum().item() for x, y in zip(xs, ys) if x is not None and y is not None)


def _tangents(fn, inputs, vs):
    """Each float output's tangent (zeros where it has none) of fn at inputs along vs."""
    with fwAD.dual_level():
        duals = [fwAD.make_dual(x.detach(), v) if v is not None else x for x, v in zip(inputs, vs)]
        outputs = _float_outputs(fn(*duals))
        return [fwAD.unpack_dual(o).tangent if fwAD.unpack_dual(o).tangent is not None else torch.zeros_like(o)
                for o in outputs]


def _check_first_order(fn, inputs, generator):
    diff = [isinstance(x, torch.Tensor) and x.requires_grad for x in inputs]
    vs = [_random_like(x, generator) if d else None for x, d in zip(inputs, diff)]
    jvps = _tangents(fn, inputs, vs)
    outputs = _float_outputs(fn(*inputs))
    us = [_random_like(o, generator) for o in outputs]
    wrt = [x for x, d in zip(inputs, diff) if d]
    grads = torch.autograd.grad([o for o in outputs if o.requires_grad], wrt,
                                [u for o, u in zip(outputs, us) if o.requires_grad], allow_unused=True)
    forward = _dot(us, jvps)
    reverse = _dot(grads, [v for v in vs if v is not None])
    assert forward == pytest.approx(reverse, rel=1e-6, abs=1e-9)


def _check_second_order(fn, inputs, generator):
    """The tangent of u . J (a gradient, create_graph) along v against reverse-over-reverse."""
    wrt = [x for x in inputs if isinstance(x, torch.Tensor) and x.requires_grad]
    vs = [_random_like(x, generator) for x in wrt]
    outputs = _float_outputs(fn(*inputs))
    us = [_random_like(o, generator) for o in outputs]
    ws = [_random_like(x, generator) for x in wrt]
    with fwAD.dual_level():
        duals = [fwAD.make_dual(x, v) for x, v in zip(wrt, vs)]
        it = iter(duals)
        args = [next(it) if isinstance(x, torch.Tensor) and x.requires_grad else x for x in inputs]
        grads = torch.autograd.grad(_float_outputs(fn(*args)), duals, us, create_graph=True, allow_unused=True)
        tangents = [fwAD.unpack_dual(g).tangent if g is not None else None for g in grads]
    forward = _dot(ws, tangents)
    grads = torch.autograd.grad(outputs, wrt, us, create_graph=True, allow_unused=True)
    differentiable = [(g, w) for g, w in zip(grads, ws) if g is not None and g.requires_grad]
    second = torch.autograd.grad([g for g, _ in differentiable], wrt, [w for _, w in differentiable],
                                 allow_unused=True) if differentiable else ()
    assert forward == pytest.approx(_dot(second, vs), rel=1e-6, abs=1e-9)


@pytest.mark.parametrize("name, sample", CASES)
def test_tangent_formula_matches_reverse_mode(name, sample):
    fn, inputs, order = sample
    generator = torch.Generator().manual_seed(len(name))
    if name in NO_FORWARD_FORMULA:
        pytest.skip("no forward-mode formula (test_entries_without_a_formula_raise)")
    if name == "_fw_primal":
        pytest.skip("drops the tangent of its own level; its formula serves the levels outside "
                    "(test_primal_keeps_the_outer_levels_tangent)")
    if (name, next(i for i, s in enumerate(SAMPLES[name]) if s is sample)) in NO_TANGENT:
        pytest.skip("PyTorch gives no tangent (test_scatter_reduce_prod_has_no_tangent)")
    if order == 1:
        _check_first_order(fn, inputs, generator)
    else:
        _check_second_order(fn, inputs, generator)
    assert TABLE[name].node_class in recorded_nodes(fn, inputs, order)


def test_every_entry_has_a_formula_or_is_listed():
    without = {name for name, d in TABLE.items() if d.tangent is None}
    assert without == NO_FORWARD_FORMULA


def test_scatter_reduce_prod_has_no_tangent():
    """As PyTorch 2.13: a prod scatter_reduce of dual inputs gives a result without a tangent (no
    error); the others' tangents are real PyTorch's (amax/amin average the tied elements' tangents)."""
    index = torch.tensor([0, 1, 0])
    with fwAD.dual_level():
        dual = fwAD.make_dual(torch.tensor([1.0, 7.0, 3.0]), torch.tensor([1.0, 2.0, 3.0]))
        src = fwAD.make_dual(torch.tensor([4.0, 5.0, 4.0]), torch.tensor([10.0, 20.0, 30.0]))
        assert fwAD.unpack_dual(dual.scatter_reduce(0, index, src, "prod")).tangent is None
        assert fwAD.unpack_dual(dual.scatter_reduce(0, index, src, "amax")).tangent.tolist() == [20.0, 2.0, 3.0]
        assert fwAD.unpack_dual(dual.scatter_reduce(0, index, src, "amin", include_self=False)).tangent.tolist() \
            == [20.0, 20.0, 3.0]
        assert fwAD.unpack_dual(dual.scatter_reduce(0, index, src, "mean")).tangent.tolist() \
            == [13.666666984558105, 11.0, 3.0]


@pytest.mark.parametrize("name", sorted(NO_FORWARD_FORMULA & set(SAMPLES) - FIRST_ORDER_ONLY))
def test_entries_without_a_formula_raise(name):
    fn, inputs, order = SAMPLES[name][0]
    if order == 2:
        pytest.skip("reached only through a gradient")
    with fwAD.dual_level():
        duals = [fwAD.make_dual(x.detach(), torch.ones_like(x)) if isinstance(x, torch.Tensor) and x.requires_grad
                 else x for x in inputs]
        with pytest.raises(NotImplementedError, match=r"^Trying to use forward AD with \w+ that does not support "
                                                       r"it because it has not been implemented yet\."):
            fn(*duals)


def test_primal_keeps_the_outer_levels_tangent():
    """Nested jvps: unpack_dual at the inner level drops only that level's tangent."""
    x, outer, inner = torch.tensor([1.0, 2.0]), torch.tensor([0.5, -1.0]), torch.tensor([2.0, 3.0])

    def f(x):
        def g(y):
            primal, tangent = torch.func.jvp(torch.sin, (y,), (inner,))
            return tangent
        return g(x)
    primal, tangent = torch.func.jvp(f, (x,), (outer,))
    assert primal.tolist() == (torch.cos(x) * inner).tolist()
    assert tangent.tolist() == (-torch.sin(x) * inner * outer).tolist()
