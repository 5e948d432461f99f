# golden: tolerance=6sig
import torch

A = torch.tensor([[4., 1, 2], [1, 3, 0], [2, 0, 5]], requires_grad=True)
b = torch.tensor([1., 2, 3])
print(torch.linalg.inv(A))
print(torch.inverse(A), A.inverse())
print(torch.linalg.det(A), torch.det(A), A.det())
print(torch.linalg.slogdet(A))
print(torch.slogdet(A), torch.logdet(A))
x = torch.linalg.solve(A, b)
print(x)
print(A @ x)
print(torch.linalg.solve(A, torch.eye(3)))
x.sum().backward()
print(A.grad)
A.grad = None
torch.linalg.det(A).backward()
print(A.grad)
batch = torch.tensor([[[2., 1], [1, 3]], [[1., 2], [3, 4]]], requires_grad=True)
print(torch.linalg.inv(batch), torch.linalg.det(batch))
torch.linalg.inv(batch).sum().backward()
print(batch.grad)
print(torch.linalg.vecdot(torch.tensor([1., 2, 3]), torch.tensor([4., 5, 6])))
print(torch.linalg.det(torch.tensor([[1., 2], [2, 4]])), torch.logdet(torch.tensor([[0., 1], [1, 0]])))
for call in (lambda: torch.linalg.inv(torch.zeros(2, 2)), lambda: torch.linalg.inv(torch.zeros(2, 3)),
             lambda: torch.linalg.solve(torch.zeros(2, 2), torch.ones(2)),
             lambda: torch.linalg.inv(torch.tensor([[1, 2], [3, 4]]))):
    try:
        call()
    except RuntimeError as e:
        print(type(e).__name__, isinstance(e, torch.linalg.LinAlgError), e)
