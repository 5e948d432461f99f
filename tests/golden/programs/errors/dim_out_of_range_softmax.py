import torch
torch.softmax(torch.zeros(3), dim=1)
