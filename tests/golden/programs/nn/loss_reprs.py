import torch
from torch import nn
for loss in [nn.MSELoss(), nn.MSELoss(reduction='sum'), nn.L1Loss(), nn.SmoothL1Loss(), nn.HuberLoss(), nn.CrossEntropyLoss(),
             nn.CrossEntropyLoss(label_smoothing=0.1), nn.NLLLoss(), nn.BCELoss(), nn.BCEWithLogitsLoss()]:
    print(loss)
