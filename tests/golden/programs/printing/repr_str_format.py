import torch
x = torch.tensor([1.5, 2.0])
print(repr(x))
print(str(x))
print(f"{x}")
print("value: " + str(torch.tensor(3)))
print(f"{torch.tensor(2.5):.3f}")
print("{:.2f}".format(torch.tensor(1 / 3)))
print(format(torch.tensor(7)))
