import torch
labels = torch.tensor([2, 0, 1])
onehot = torch.zeros(3, 4).scatter_(1, labels.unsqueeze(1), 1.0)
print(onehot)
print(torch.nn.functional.one_hot(labels))
print(torch.nn.functional.one_hot(labels, num_classes=5))
