import torch
from torch import nn
layers = [
    nn.Linear(3, 4), nn.Bilinear(2, 3, 4), nn.Identity(), nn.Flatten(), nn.Flatten(0, 1), nn.Unflatten(1, (2, 3)),
    nn.Embedding(10, 3), nn.Embedding(5, 2, padding_idx=0), nn.Dropout(), nn.Dropout(p=0.1), nn.LayerNorm(4), nn.LayerNorm([2, 3]),
    nn.BatchNorm1d(3), nn.Conv1d(2, 4, 3), nn.Conv2d(1, 6, 5), nn.Conv2d(3, 8, kernel_size=3, stride=2, padding=1, bias=False),
    nn.MaxPool2d(2), nn.MaxPool2d(3, stride=1), nn.AvgPool2d(2), nn.RNN(3, 4), nn.LSTM(3, 4, batch_first=True), nn.GRU(2, 5),
]
for layer in layers:
    print(layer)
