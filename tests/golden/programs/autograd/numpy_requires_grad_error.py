# golden: requires=numpy
import torch
x = torch.tensor([1.0], requires_grad=True)
x.numpy()
