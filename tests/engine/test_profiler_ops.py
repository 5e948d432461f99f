"""The profiler records the ops as PyTorch's dispatcher runs them (torch._dispatch), not the
Python calls a program makes: composites around their kernels, each kernel once, and the
autograd engine's node events in backward. PyTorch 2.13 also lists kernel internals this engine
does not have as ops (resolve_conj, as_strided, fill_, empty_strided ...): the expected lists
below are real PyTorch's without them."""
import torch
from torch.autograd import profiler

# what PyTorch 2.13 lists besides, that this engine's kernels do not run as ops
INTERNALS = {"aten::resolve_conj", "aten::as_strided", "aten::fill_", "aten::empty_like", "aten::empty_strided",
             "aten::detach", "detach", "aten::transpose"}


def events(fn):
    with profiler.profile() as prof:
        fn()
    return [e.name for e in prof.function_events]


def test_a_composite_holds_its_kernel_and_methods_the_engine_calls_are_not_ops():
    x, w = torch.ones(4, 5), torch.ones(5, 3)
    assert events(lambda: (x @ w).exp().neg()) == ["aten::matmul", "aten::mm", "aten::exp", "aten::neg"]
    assert events(lambda: torch.cat([x, x]).view(-1).max()) == ["aten::cat", "aten::view", "aten::max"]


def test_backward_shows_each_node_inside_the_engines_event_with_the_ops_its_formula_runs():
    w = torch.ones(3, requires_grad=True)
    with profiler.profile() as prof:
        with profiler.record_function("loss"):
            loss = (w * w).sum()
        loss.backward()
    names = [e.name for e in prof.function_events]
    torch_213 = ["loss", "aten::mul", "aten::sum", "autograd::engine::evaluate_function: SumBackward0",
                 "SumBackward0", "aten::expand", "autograd::engine::evaluate_function: MulBackward0", "MulBackward0",
                 "aten::mul", "aten::mul"]
    assert [n for n in names if n not in INTERNALS][:len(torch_213) + 1] == torch_213[:3] + ["aten::new_ones"] + \
        torch_213[3:]  # (PyTorch makes backward's first gradient with ones_like)
    node = next(e for e in prof.function_events if e.name == "MulBackward0")
    assert node.cpu_parent.name == "autograd::engine::evaluate_function: MulBackward0"
    assert [c.name for c in node.cpu_children] == ["aten::mul", "aten::mul"]
    keys = {e.key for e in prof.key_averages()}
    assert "autograd::engine::evaluate_function: torch::autograd::AccumulateGrad" in keys
    assert "aten::dim" not in keys and "aten::backward" not in keys
    assert "autograd::engine::evaluate_function: torch::autograd..." in prof.key_averages().table(sort_by="count")


def test_selective_checkpointing_and_the_profiler_see_the_same_ops():
    from functools import partial
    from torch.utils.checkpoint import checkpoint, create_selective_checkpoint_contexts
    seen = []
    x = torch.ones(2, 2, requires_grad=True)
    context = partial(create_selective_checkpoint_contexts, lambda ctx, op, *a, **k: seen.append(str(op)) or False)
    with profiler.profile() as prof:
        checkpoint(lambda x: (x @ x).sin(), x, use_reentrant=False, context_fn=context)
    assert seen == ["aten.mm.default", "aten.sin.default"]
    assert [e.name for e in prof.function_events] == ["aten::matmul", "aten::mm", "aten::sin"]
