import torch
from torch import nn
torch.manual_seed(0)
print(nn.init.xavier_uniform_(torch.empty(3, 5)))
print(nn.init.xavier_normal_(torch.empty(3, 5)))
print(nn.init.kaiming_uniform_(torch.empty(3, 5)))
print(nn.init.kaiming_normal_(torch.empty(3, 5), mode='fan_out', nonlinearity='relu'))
print(nn.init.kaiming_uniform_(torch.empty(2, 3), a=5 ** 0.5))
print(nn.init.xavier_uniform_(torch.empty(4, 4), gain=nn.init.calculate_gain('tanh')))
