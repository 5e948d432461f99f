# golden: not-on=python
# Source: pytorch/examples, mnist/main.py (https://github.com/pytorch/examples). Licence: BSD-3-Clause.
# Changed: MNIST comes through torchvision's download; a generated stand-in takes its place: 1x14x14
#   "digits" (a bright bar whose position is the label, plus noise, normalized with MNIST's mean and
#   std), 128 training and 64 test images, instead of 60,000 and 10,000 of 28x28 (CI time), so fc1
#   takes 64 * 5 * 5 features instead of 9216; batch 32, test batch 64, 2 epochs (not 14) logging
#   every 2 batches; argparse's defaults are written in place of the command line; the CUDA and MPS
#   branches and saving the model are left out (a CPU-only program).
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.optim.lr_scheduler import StepLR
from torch.utils.data import DataLoader, TensorDataset


class Net(nn.Module):
    def __init__(self):
        super(Net, self).__init__()
        self.conv1 = nn.Conv2d(1, 32, 3, 1)
        self.conv2 = nn.Conv2d(32, 64, 3, 1)
        self.dropout1 = nn.Dropout(0.25)
        self.dropout2 = nn.Dropout(0.5)
        self.fc1 = nn.Linear(64 * 5 * 5, 128)
        self.fc2 = nn.Linear(128, 10)

    def forward(self, x):
        x = self.conv1(x)
        x = F.relu(x)
        x = self.conv2(x)
        x = F.relu(x)
        x = F.max_pool2d(x, 2)
        x = self.dropout1(x)
        x = torch.flatten(x, 1)
        x = self.fc1(x)
        x = F.relu(x)
        x = self.dropout2(x)
        x = self.fc2(x)
        output = F.log_softmax(x, dim=1)
        return output


def train(args, model, device, train_loader, optimizer, epoch):
    model.train()
    for batch_idx, (data, target) in enumerate(train_loader):
        data, target = data.to(device), target.to(device)
        optimizer.zero_grad()
        output = model(data)
        loss = F.nll_loss(output, target)
        loss.backward()
        optimizer.step()
        if batch_idx % args.log_interval == 0:
            print('Train Epoch: {} [{}/{} ({:.0f}%)]\tLoss: {:.6f}'.format(
                epoch, batch_idx * len(data), len(train_loader.dataset),
                100. * batch_idx / len(train_loader), loss.item()))
            if args.dry_run:
                break


def test(model, device, test_loader):
    model.eval()
    test_loss = 0
    correct = 0
    with torch.no_grad():
        for data, target in test_loader:
            data, target = data.to(device), target.to(device)
            output = model(data)
            test_loss += F.nll_loss(output, target, reduction='sum').item()  # sum up batch loss
            pred = output.argmax(dim=1, keepdim=True)  # get the index of the max log-probability
            correct += pred.eq(target.view_as(pred)).sum().item()

    test_loss /= len(test_loader.dataset)

    print('\nTest set: Average loss: {:.4f}, Accuracy: {}/{} ({:.0f}%)\n'.format(
        test_loss, correct, len(test_loader.dataset),
        100. * correct / len(test_loader.dataset)))


def tiny_mnist(n):
    """n 1x14x14 images: label k lights up rows k..k+1 (k < 7) or columns k-7..k-6, over noise."""
    labels = torch.randint(0, 10, (n,))
    images = torch.rand(n, 1, 14, 14) * 0.3
    for i, k in enumerate(labels.tolist()):
        if k < 7:
            images[i, 0, 2 * k:2 * k + 2, :] += 0.7
        else:
            images[i, 0, :, 4 * (k - 7):4 * (k - 7) + 2] += 0.7
    return TensorDataset((images - 0.1307) / 0.3081, labels)  # transforms.Normalize((0.1307,), (0.3081,))


class Args:
    batch_size, test_batch_size, epochs, lr, gamma = 32, 64, 2, 1.0, 0.7
    dry_run, seed, log_interval = False, 1, 2


def main():
    args = Args()
    torch.manual_seed(args.seed)
    device = torch.device("cpu")

    train_kwargs = {'batch_size': args.batch_size}
    test_kwargs = {'batch_size': args.test_batch_size}
    dataset1 = tiny_mnist(128)
    dataset2 = tiny_mnist(64)
    train_loader = torch.utils.data.DataLoader(dataset1, **train_kwargs)
    test_loader = torch.utils.data.DataLoader(dataset2, **test_kwargs)

    model = Net().to(device)
    optimizer = optim.Adadelta(model.parameters(), lr=args.lr)

    scheduler = StepLR(optimizer, step_size=1, gamma=args.gamma)
    for epoch in range(1, args.epochs + 1):
        train(args, model, device, train_loader, optimizer, epoch)
        test(model, device, test_loader)
        scheduler.step()


if __name__ == '__main__':
    main()
