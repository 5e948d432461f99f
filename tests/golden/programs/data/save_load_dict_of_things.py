import torch
ckpt = {"epoch": 3, "loss": 0.25, "weights": torch.arange(4), "names": ["a", "b"]}
torch.save(ckpt, "ckpt.pt")
back = torch.load("ckpt.pt")
print(back)
print(sorted(back.keys()))
