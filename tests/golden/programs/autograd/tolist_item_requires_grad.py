import torch
x = torch.tensor([1.5, 2.5], requires_grad=True)
print(x.tolist())
print(x[0].item())
print(float(x[1]), int(x[0]))
