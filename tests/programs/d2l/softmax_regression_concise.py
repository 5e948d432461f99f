# Source: Dive into Deep Learning (d2l.ai), chapter_linear-classification/softmax-regression-concise.md,
#   PyTorch tab (https://github.com/d2l-ai/d2l-en), in its 0.17 edition (functions, not d2l.Classifier).
#   Licence: sample code MIT-0 (text CC BY-SA 4.0).
# Changed: Fashion-MNIST (a download) is replaced by 256 generated 28x28 "images" of 10 classes;
#   d2l's training loop written out with its metrics printed; 3 epochs; seeded.
import torch
from torch import nn

torch.manual_seed(0)

centers = torch.rand(10, 784)
labels = torch.randint(0, 10, (256,))
images = (centers[labels] + 0.3 * torch.randn(256, 784)).clamp(0, 1).reshape(256, 1, 28, 28)
batch_size = 64
train_iter = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(images, labels), batch_size,
                                         shuffle=True)

# PyTorch does not implicitly reshape the inputs. Thus we define the flatten
# layer to reshape the inputs before the linear layer in our network
net = nn.Sequential(nn.Flatten(), nn.Linear(784, 10))


def init_weights(m):
    if type(m) == nn.Linear:
        nn.init.normal_(m.weight, std=0.01)


net.apply(init_weights)
loss = nn.CrossEntropyLoss(reduction='none')
trainer = torch.optim.SGD(net.parameters(), lr=0.1)

for epoch in range(3):
    total, right, seen = 0.0, 0.0, 0
    for X, y in train_iter:
        l = loss(net(X), y)
        trainer.zero_grad()
        l.mean().backward()
        trainer.step()
        total += float(l.sum().detach())
        right += float((net(X).argmax(axis=1) == y).sum())
        seen += y.numel()
    print(f'epoch {epoch + 1}, loss {total / seen:.3f}, train acc {right / seen:.3f}')
print(net[1].weight.norm(), net[1].bias[:4])
