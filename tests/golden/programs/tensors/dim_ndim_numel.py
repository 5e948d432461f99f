import torch
for t in [torch.tensor(1.0), torch.zeros(3), torch.zeros(2, 3), torch.zeros(2, 0, 3)]:
    print(t.dim(), t.ndim, t.numel(), t.nelement(), len(t.shape))
print(len(torch.zeros(4, 2)))
