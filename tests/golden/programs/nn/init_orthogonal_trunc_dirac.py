# golden: tolerance=6sig
import torch
from torch import nn

torch.manual_seed(0)
w = torch.empty(3, 5)
nn.init.orthogonal_(w)
print(w, (w @ w.t()).diag())
w = torch.empty(4, 2, 2)
print(nn.init.orthogonal_(w, gain=2.0, generator=torch.Generator().manual_seed(1)))
print(nn.init.orthogonal_(torch.empty(4, 3)))
try:
    nn.init.orthogonal_(torch.empty(3))
except ValueError as e:
    print("ValueError:", e)

t = torch.empty(3, 4)
print(nn.init.trunc_normal_(t), t.abs().max() <= 2)
print(nn.init.trunc_normal_(torch.empty(10), mean=1.0, std=0.5, a=0.9, b=1.1))
print(nn.init.trunc_normal_(torch.empty(2, 3), std=0.02, generator=torch.Generator().manual_seed(5)))
print(nn.init.trunc_normal_(torch.empty(6), a=2.5, b=4.0))
print(nn.init.trunc_normal_(torch.empty(2), mean=10.0))
print(torch.rand(2))

print(nn.init.dirac_(torch.empty(2, 2, 3)))
print(nn.init.dirac_(torch.empty(4, 2, 3, 3), groups=2).nonzero().tolist())
print(nn.init.dirac_(torch.empty(2, 1, 1, 3, 2)).nonzero().tolist())
for args in [(torch.empty(2, 2), 1), (torch.empty(3, 2, 3), 2)]:
    try:
        nn.init.dirac_(*args)
    except ValueError as e:
        print("ValueError:", e)

print(nn.init.normal(torch.empty(3)), nn.init.uniform(torch.empty(2), -1, 1))
print(nn.init.constant(torch.empty(2), 0.5), nn.init.eye(torch.empty(2, 2)))
print(nn.init.xavier_uniform(torch.empty(2, 2)), nn.init.xavier_normal(torch.empty(2, 2)))
print(nn.init.kaiming_uniform(torch.empty(2, 2)), nn.init.kaiming_normal(torch.empty(2, 2)))
print(nn.init.orthogonal(torch.empty(2, 2)).abs().sum(), nn.init.dirac(torch.empty(1, 1, 3)), nn.init.normal.__name__)
