"""torch.func in the app's worker (Pyodide, pure-Python backend): a learner's vmap(grad(...)) runs,
prints as PyTorch prints, and vmap's errors reach the output as PyTorch's."""

CODE = """import torch
from torch.func import grad, vmap
w = torch.tensor([1.0, -2.0])
per_sample = vmap(grad(lambda w, x: (w * x).sum() ** 2), in_dims=(None, 0))(w, torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
print(per_sample)
vmap(lambda x: print(x) or x)(torch.arange(4.0).reshape(2, 2))
vmap(lambda x: x.item())(torch.ones(2))
"""

EXPECTED = """tensor([[ -6., -12.],
        [-30., -40.]])
BatchedTensor(lvl=1, bdim=0, value=
    tensor([[0., 1.],
            [2., 3.]])
)
"""

ITEM_ERROR = ("RuntimeError: vmap: It looks like you're calling .item() on a Tensor. We don't support vmap over calling "
              ".item() on a Tensor, please try to rewrite what you're doing with other operations. If error is occurring "
              "somewhere inside PyTorch internals, please file a bug report.")


def test_vmap_of_grad_runs_and_prints_as_pytorch(lesson_app):
    output = lesson_app.run(CODE)
    assert output.startswith(EXPECTED)
    assert ITEM_ERROR in output
