import torch
torch.manual_seed(0)
w = torch.tensor([0.1, 0.2, 0.3, 0.4])
print(torch.multinomial(w, 2))
print(torch.multinomial(w, 4))
print(torch.multinomial(w, 6, replacement=True))
print(torch.multinomial(w, 1))
print(torch.multinomial(torch.tensor([[1.0, 0.0, 3.0], [0.0, 2.0, 2.0]]), 2))
print(torch.multinomial(torch.tensor([[0.5, 0.5], [0.9, 0.1], [0.0, 1.0], [1.0, 0.0]]).repeat(5, 1), 1).flatten())
