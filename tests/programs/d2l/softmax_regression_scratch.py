# Source: Dive into Deep Learning (d2l.ai), 1st edition chapter_linear-networks/
#   softmax-regression-scratch.md, PyTorch tab (https://github.com/d2l-ai/d2l-en).
#   Licence: sample code MIT-0 (text CC BY-SA 4.0).
# Changed: d2l.load_data_fashion_mnist downloads Fashion-MNIST; a tiny generated data set (128
#   training and 32 test 8x8 "images" instead of 28x28, so 64 inputs instead of 784, labels from a
#   fixed rule, batch 32; CI time) stands in for it, with
#   d2l's Accumulator and training loop inline and the animated plot replaced by a printed line per
#   epoch. Seeded.
import torch
from torch.utils import data

torch.manual_seed(0)


def tiny_fashion_mnist(n):
    images = torch.rand(n, 1, 8, 8)
    labels = (images[:, 0, 2:6, 2:6].sum(dim=(1, 2)) * 2).long() % 10
    return data.TensorDataset(images, labels)


batch_size = 32
train_iter = data.DataLoader(tiny_fashion_mnist(128), batch_size, shuffle=True)
test_iter = data.DataLoader(tiny_fashion_mnist(32), batch_size, shuffle=False)

num_inputs = 64
num_outputs = 10

W = torch.normal(0, 0.01, size=(num_inputs, num_outputs), requires_grad=True)
b = torch.zeros(num_outputs, requires_grad=True)

X = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(X.sum(0, keepdim=True), X.sum(1, keepdim=True))


def softmax(X):
    X_exp = torch.exp(X)
    partition = X_exp.sum(1, keepdim=True)
    return X_exp / partition  # The broadcasting mechanism is applied here


X = torch.normal(0, 1, (2, 5))
X_prob = softmax(X)
print(X_prob, X_prob.sum(1))


def net(X):
    return softmax(torch.matmul(X.reshape((-1, W.shape[0])), W) + b)


y = torch.tensor([0, 2])
y_hat = torch.tensor([[0.1, 0.3, 0.6], [0.3, 0.2, 0.5]])
print(y_hat[[0, 1], y])


def cross_entropy(y_hat, y):
    return - torch.log(y_hat[range(len(y_hat)), y])


print(cross_entropy(y_hat, y))


def accuracy(y_hat, y):  #@save
    """Compute the number of correct predictions."""
    if len(y_hat.shape) > 1 and y_hat.shape[1] > 1:
        y_hat = y_hat.argmax(axis=1)
    cmp = y_hat.type(y.dtype) == y
    return float(cmp.type(y.dtype).sum())


print(accuracy(y_hat, y) / len(y))


class Accumulator:  #@save
    """For accumulating sums over `n` variables."""
    def __init__(self, n):
        self.data = [0.0] * n

    def add(self, *args):
        self.data = [a + float(b) for a, b in zip(self.data, args)]

    def reset(self):
        self.data = [0.0] * len(self.data)

    def __getitem__(self, idx):
        return self.data[idx]


def evaluate_accuracy(net, data_iter):  #@save
    """Compute the accuracy for a model on a dataset."""
    if isinstance(net, torch.nn.Module):
        net.eval()  # Set the model to evaluation mode
    metric = Accumulator(2)  # No. of correct predictions, no. of predictions

    with torch.no_grad():
        for X, y in data_iter:
            metric.add(accuracy(net(X), y), y.numel())
    return metric[0] / metric[1]


print(evaluate_accuracy(net, test_iter))


def train_epoch_ch3(net, train_iter, loss, updater):  #@save
    """The training loop defined in Chapter 3."""
    # Set the model to training mode
    if isinstance(net, torch.nn.Module):
        net.train()
    # Sum of training loss, sum of training accuracy, no. of examples
    metric = Accumulator(3)
    for X, y in train_iter:
        # Compute gradients and update parameters
        y_hat = net(X)
        l = loss(y_hat, y)
        if isinstance(updater, torch.optim.Optimizer):
            # Using PyTorch in-built optimizer & loss criterion
            updater.zero_grad()
            l.mean().backward()
            updater.step()
        else:
            # Using custom built optimizer & loss criterion
            l.sum().backward()
            updater(X.shape[0])
        metric.add(float(l.sum()), accuracy(y_hat, y), y.numel())
    # Return training loss and training accuracy
    return metric[0] / metric[2], metric[1] / metric[2]


def sgd(params, lr, batch_size):
    """Minibatch stochastic gradient descent."""
    with torch.no_grad():
        for param in params:
            param -= lr * param.grad / batch_size
            param.grad.zero_()


def train_ch3(net, train_iter, test_iter, loss, num_epochs, updater):  #@save
    """Train a model (defined in Chapter 3)."""
    for epoch in range(num_epochs):
        train_metrics = train_epoch_ch3(net, train_iter, loss, updater)
        test_acc = evaluate_accuracy(net, test_iter)
        print(f'epoch {epoch + 1}: train loss {train_metrics[0]:.6f}, train acc {train_metrics[1]:.4f}, '
              f'test acc {test_acc:.4f}')


lr = 0.1


def updater(batch_size):
    return sgd([W, b], lr, batch_size)


num_epochs = 3
train_ch3(net, train_iter, test_iter, cross_entropy, num_epochs, updater)

X, y = next(iter(test_iter))
print('predictions:', net(X[:6]).argmax(axis=1))
