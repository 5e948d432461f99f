import torch
x = torch.tensor([1.0, 2.0])
print(x.device)
print(torch.device("cpu"))
print(repr(torch.device("cpu")))
print(x.device == torch.device("cpu"), x.device.type)
print(torch.cuda.is_available())
print(x.is_cuda, x.cpu() is x)
print(torch.zeros(2, device="cpu"))
