import torch
p = torch.nn.Parameter(torch.tensor([1.5, -0.5]))
torch.save({"p": p, "t": torch.ones(2, dtype=torch.int32)}, "p.pt")
d = torch.load("p.pt")
print(d["p"])
print(d["t"])
