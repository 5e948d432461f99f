"""An optimizer given something other than tensors says what it got, as PyTorch does (messages
printed by torch 2.13)."""
import pytest
import torch


@pytest.mark.parametrize("params, message", [
    (lambda: torch.ones(2), "params argument given to the optimizer should be an iterable of Tensors or dicts, "
                            "but got torch.FloatTensor"),
    (lambda: [1], "optimizer can only optimize Tensors, but one of the params is int"),
    (lambda: [None], "optimizer can only optimize Tensors, but one of the params is NoneType"),
    (lambda: [torch.nn.Linear(1, 1)], "optimizer can only optimize Tensors, but one of the params is "
                                      "torch.nn.modules.linear.Linear"),
])
def test_an_optimizer_names_what_it_was_given(params, message):
    with pytest.raises(TypeError) as caught:
        torch.optim.SGD(params(), lr=0.1)
    assert str(caught.value) == message
