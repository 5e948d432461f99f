# Source: Dive into Deep Learning (d2l.ai), chapter_multilayer-perceptrons/mlp-implementation.md,
#   PyTorch tab (https://github.com/d2l-ai/d2l-en), in its 0.17 edition (functions, not d2l.Classifier).
#   Licence: sample code MIT-0 (text CC BY-SA 4.0).
# Changed: Fashion-MNIST (a download) is replaced by 256 generated 10x10 "images" of 10 classes, and
#   the hidden layer has 32 units, not 256 (run time on the pure-Python backend); d2l's training loop
#   written out with its metrics printed; 3 epochs; seeded.
import torch
from torch import nn

torch.manual_seed(0)

num_inputs, num_outputs, num_hiddens = 100, 10, 32
# generated data: each class has its own mean image
centers = torch.rand(10, num_inputs)
labels = torch.randint(0, 10, (256,))
images = (centers[labels] + 0.3 * torch.randn(256, num_inputs)).clamp(0, 1).reshape(256, 1, 10, 10)
dataset = torch.utils.data.TensorDataset(images, labels)
train_iter = torch.utils.data.DataLoader(dataset, batch_size=64, shuffle=True)
test_iter = torch.utils.data.DataLoader(dataset, batch_size=64, shuffle=False)

W1 = nn.Parameter(torch.randn(num_inputs, num_hiddens, requires_grad=True) * 0.01)
b1 = nn.Parameter(torch.zeros(num_hiddens, requires_grad=True))
W2 = nn.Parameter(torch.randn(num_hiddens, num_outputs, requires_grad=True) * 0.01)
b2 = nn.Parameter(torch.zeros(num_outputs, requires_grad=True))

params = [W1, b1, W2, b2]


def relu(X):
    a = torch.zeros_like(X)
    return torch.max(X, a)


def net(X):
    X = X.reshape((-1, num_inputs))
    H = relu(X @ W1 + b1)  # Here '@' stands for matrix multiplication
    return (H @ W2 + b2)


loss = nn.CrossEntropyLoss(reduction='none')


def accuracy(y_hat, y):
    """Compute the number of correct predictions."""
    if len(y_hat.shape) > 1 and y_hat.shape[1] > 1:
        y_hat = y_hat.argmax(axis=1)
    cmp = y_hat.type(y.dtype) == y
    return float(cmp.type(y.dtype).sum())


def evaluate_accuracy(net, data_iter):
    """Compute the accuracy for a model on a dataset."""
    right, total = 0.0, 0
    with torch.no_grad():
        for X, y in data_iter:
            right += accuracy(net(X), y)
            total += y.numel()
    return right / total


def train_epoch_ch3(net, train_iter, loss, updater):
    metric = [0.0, 0.0, 0.0]
    for X, y in train_iter:
        # Compute gradients and update parameters
        y_hat = net(X)
        l = loss(y_hat, y)
        updater.zero_grad()
        l.mean().backward()
        updater.step()
        metric[0] += float(l.sum())
        metric[1] += accuracy(y_hat, y)
        metric[2] += y.numel()
    # Return training loss and training accuracy
    return metric[0] / metric[2], metric[1] / metric[2]


num_epochs, lr = 3, 0.1
updater = torch.optim.SGD(params, lr=lr)
for epoch in range(num_epochs):
    train_loss, train_acc = train_epoch_ch3(net, train_iter, loss, updater)
    test_acc = evaluate_accuracy(net, test_iter)
    print(f'epoch {epoch + 1}, loss {train_loss:.3f}, train acc {train_acc:.3f}, test acc {test_acc:.3f}')
print(net(images[:4]).argmax(axis=1), labels[:4])
