import torch
try:
    with torch.no_grad():
        raise ValueError("boom")
except ValueError as e:
    print("caught", e)
print(torch.is_grad_enabled())
