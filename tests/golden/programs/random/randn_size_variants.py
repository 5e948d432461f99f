import torch
torch.manual_seed(0)
print(torch.randn(2, 8).sum().item())
print(torch.randn((3,)).tolist())
print(torch.randn([2, 2]).shape)
print(torch.randn(()).shape)
print(torch.rand(0))
