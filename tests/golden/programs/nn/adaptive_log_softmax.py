# nn.AdaptiveLogSoftmaxWithLoss: head and tail clusters, forward's (output, loss), log_prob, predict, errors
import torch
from torch import nn
torch.manual_seed(0)
asm = nn.AdaptiveLogSoftmaxWithLoss(8, 10, cutoffs=[3, 6], div_value=2.0)
print(asm)
print(list(asm.state_dict().keys()))
x = torch.randn(5, 8, requires_grad=True)
t = torch.tensor([0, 4, 9, 2, 7])
out = asm(x, t)
print(out)
out.loss.backward()
print(x.grad[0], asm.head.weight.grad[0], asm.tail[1][1].weight.grad)
print(asm.log_prob(x.detach()).exp().sum(1), asm.predict(x.detach()))
print(asm(torch.randn(8), torch.tensor(5)))
hb = nn.AdaptiveLogSoftmaxWithLoss(4, 6, [2], head_bias=True)
print(hb.head, hb.predict(torch.randn(3, 4) * 5), hb.log_prob(torch.randn(2, 4)))
for args in [([],), ([3, 3],), ([0, 4],), ([5, 10],)]:
    try:
        nn.AdaptiveLogSoftmaxWithLoss(8, 10, *args)
    except ValueError as e:
        print("ValueError:", e)
for inp, tg in [(torch.randn(5, 8), torch.tensor([0, 1])), (torch.randn(5, 8), torch.tensor([0, 1, 2, 3, 12])), (torch.randn(2, 8), torch.zeros(2, 2, dtype=torch.long))]:
    try:
        asm(inp, tg)
    except RuntimeError as e:
        print("RuntimeError:", e)
