# Source: Dive into Deep Learning (d2l.ai), 1st edition chapter_multilayer-perceptrons/
#   mlp-concise.md and mlp.md (activation functions), PyTorch tab (https://github.com/d2l-ai/d2l-en).
#   Licence: sample code MIT-0 (text CC BY-SA 4.0).
# Changed: d2l.load_data_fashion_mnist downloads Fashion-MNIST; a tiny generated data set (128
#   training 8x8 "images", labels from a fixed rule, batch 32, 3 epochs; layers 64 -> 32 -> 10
#   instead of 784 -> 256 -> 10 for CI time) stands in for it, with the
#   training loop inline and the plots replaced by printed values. Seeded.
import torch
from torch import nn
from torch.utils import data

torch.manual_seed(0)

x = torch.arange(-8.0, 8.0, 0.1, requires_grad=True)
y = torch.relu(x)
y.backward(torch.ones_like(x), retain_graph=True)
print(y[75:85], x.grad[75:85])

y = torch.sigmoid(x)
x.grad.data.zero_()
y.backward(torch.ones_like(x), retain_graph=True)
print(y[::20], x.grad[::20])

y = torch.tanh(x)
x.grad.data.zero_()
y.backward(torch.ones_like(x), retain_graph=True)
print(x.grad[::20])

net = nn.Sequential(nn.Flatten(),
                    nn.Linear(64, 32),
                    nn.ReLU(),
                    nn.Linear(32, 10))


def init_weights(m):
    if type(m) == nn.Linear:
        nn.init.normal_(m.weight, std=0.01)


net.apply(init_weights)

images = torch.rand(128, 1, 8, 8)
labels = (images[:, 0, :, :4].sum(dim=(1, 2)) * 3).long() % 10
train_iter = data.DataLoader(data.TensorDataset(images, labels), 32, shuffle=True)

batch_size, lr, num_epochs = 32, 0.1, 3
loss = nn.CrossEntropyLoss(reduction='none')
trainer = torch.optim.SGD(net.parameters(), lr=lr)

for epoch in range(num_epochs):
    total, correct, n = 0.0, 0, 0
    for X, y in train_iter:
        y_hat = net(X)
        l = loss(y_hat, y)
        trainer.zero_grad()
        l.mean().backward()
        trainer.step()
        total += l.sum().item()
        correct += int((y_hat.argmax(axis=1) == y).sum())
        n += y.numel()
    print(f'epoch {epoch + 1}, loss {total / n:.6f}, train acc {correct / n:.3f}')
