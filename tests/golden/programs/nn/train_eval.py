import torch
from torch import nn
model = nn.Sequential(nn.Linear(2, 2), nn.Dropout(0.5))
print(model.training, model[1].training)
r = model.eval()
print(r is model, model.training, model[1].training)
model.train()
print(model.training)
model.train(False)
print(model[0].training)
