import torch
try:
    torch.zeros(2, 3).view(4)
except RuntimeError as e:
    print("caught:", e)
print(torch.zeros(2, 3).view(6).tolist())
