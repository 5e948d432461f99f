import torch
import torch.nn.functional as F
torch.manual_seed(0)
x = torch.ones(10)
print(F.dropout(x, 0.5))
print(F.dropout(x, 0.2, training=True))
print(F.dropout(x, 0.5, training=False))
d = torch.nn.Dropout(0.3)
print(d(torch.ones(2, 5)))
d.eval()
print(d(torch.ones(2, 5)))
