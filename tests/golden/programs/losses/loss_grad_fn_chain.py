import torch
from torch import nn
torch.manual_seed(0)
model = nn.Linear(3, 2)
x = torch.randn(4, 3)
loss = nn.CrossEntropyLoss()(model(x), torch.tensor([0, 1, 1, 0]))
fn = loss.grad_fn
names = []
while fn is not None:
    names.append(fn.name())
    nexts = [f for f, _ in fn.next_functions if f is not None]
    fn = nexts[0] if nexts else None
print(names)
