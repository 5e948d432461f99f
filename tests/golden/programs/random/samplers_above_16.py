import torch
torch.manual_seed(0)
print(torch.empty(20).exponential_())
print(torch.empty(20).random_(0, 100))
print(torch.normal(2.0, 3.0, size=(20,)))
print(torch.randint(0, 1000, (40,)))
print(torch.empty(33).uniform_(-2, 2))
print(torch.empty(18, dtype=torch.float64).normal_(0, 1).tolist()[-2:])
