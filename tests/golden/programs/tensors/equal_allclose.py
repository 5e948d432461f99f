import torch
a = torch.tensor([1.0, 2.0])
print(torch.equal(a, torch.tensor([1.0, 2.0])), torch.equal(a, torch.tensor([1.0])))
print(a.equal(a.clone()))
print(torch.allclose(a, a + 1e-9), torch.allclose(a, a + 1e-3))
print(torch.isclose(a, torch.tensor([1.0, 2.1])))
print(torch.allclose(a, torch.tensor([1.1, 2.0]), atol=0.2))
