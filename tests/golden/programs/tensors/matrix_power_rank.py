import torch

A = torch.tensor([[4., 1, 2], [1, 3, 0], [2, 0, 5]], requires_grad=True)
for n in [0, 1, 2, 3, 4, 5, 7]:
    print(n, torch.linalg.matrix_power(A, n))
print(torch.matrix_power(torch.tensor([[1, 1], [1, 0]]), 30), A.matrix_power(2).grad_fn.name())
print(torch.linalg.matrix_power(torch.tensor([[[1., 2], [3, 4]], [[0, 1], [1, 0]]]), 3))
torch.linalg.matrix_power(A, 5).sum().backward()
print(A.grad)
print(torch.linalg.matrix_rank(A), torch.linalg.matrix_rank(torch.ones(3, 3)),
      torch.linalg.matrix_rank(torch.tensor([[1., 2], [2, 4.001]])), torch.linalg.matrix_rank(torch.tensor([[1., 2], [2, 4.001]]), atol=0.5),
      torch.linalg.matrix_rank(torch.tensor([[1., 2], [2, 4.001]]), rtol=0.01),
      torch.linalg.matrix_rank(torch.arange(24.).reshape(2, 3, 4)), torch.linalg.matrix_rank(torch.zeros(2, 2)))
for call in (lambda: torch.linalg.matrix_power(torch.ones(2, 3), 2), lambda: torch.linalg.matrix_power(torch.ones(3), 2)):
    try:
        call()
    except RuntimeError as err:
        print(type(err).__name__, err)
