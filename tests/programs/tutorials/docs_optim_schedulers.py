# Source: PyTorch documentation, torch.optim (docs/source/optim.rst: "Taking an optimization step"
#   with a closure, "How to adjust learning rate", the table of algorithms) and the examples of
#   ReduceLROnPlateau, OneCycleLR and CyclicLR (torch/optim/lr_scheduler.py docstrings,
#   https://github.com/pytorch/pytorch). Licence: BSD-3-Clause.
# Changed: the docs' `model`, `dataset`, `loss_fn`, `train(...)`, `validate(...)` and
#   `data_loader` are filled in with a tiny linear regression (generated data, nn.Linear(3, 1));
#   seeded; the loss is printed with 6 decimals after each epoch, the learning rates per epoch;
#   the algorithms table is run for 5 epochs each.
import torch
from torch import nn, optim
from torch.optim.lr_scheduler import CyclicLR, OneCycleLR, ReduceLROnPlateau
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
X = torch.randn(16, 3)
Y = X @ torch.tensor([[1.0], [-2.0], [0.5]]) + 0.3 + 0.05 * torch.randn(16, 1)
dataset = list(zip(X.split(4), Y.split(4)))
data_loader = DataLoader(TensorDataset(X, Y), batch_size=4)
loss_fn = nn.MSELoss()


def new_model():
    torch.manual_seed(1)
    return nn.Linear(3, 1)


def train(model, optimizer):
    for input, target in dataset:
        optimizer.zero_grad()
        output = model(input)
        loss = loss_fn(output, target)
        loss.backward()
        optimizer.step()


def validate(model):
    with torch.no_grad():
        return loss_fn(model(X), Y)


# Taking an optimization step: optimizer.step(closure)
model = new_model()
optimizer = optim.LBFGS(model.parameters(), lr=0.5, max_iter=5)
for epoch in range(3):
    for input, target in dataset:
        def closure():
            optimizer.zero_grad()
            output = model(input)
            loss = loss_fn(output, target)
            loss.backward()
            return loss
        optimizer.step(closure)
    print(f"LBFGS epoch {epoch} loss: {validate(model).item():>7f}")

# Algorithms
for algorithm, kwargs in [(optim.Adadelta, {}), (optim.Adamax, dict(lr=0.05)), (optim.ASGD, dict(lr=0.05)),
                          (optim.NAdam, dict(lr=0.05)), (optim.RAdam, dict(lr=0.05)), (optim.Rprop, {})]:
    model = new_model()
    optimizer = algorithm(model.parameters(), **kwargs)
    for epoch in range(5):
        train(model, optimizer)
    print(f"{algorithm.__name__:>8} loss: {validate(model).item():>7f}")

# How to adjust learning rate
model = new_model()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
scheduler = ReduceLROnPlateau(optimizer, "min", patience=1)
for epoch in range(10):
    train(model, optimizer)
    val_loss = validate(model)
    # Note that step should be called after validate()
    scheduler.step(val_loss)
    print(epoch, f"{val_loss.item():>7f}", scheduler.get_last_lr())

model = new_model()
optimizer = torch.optim.SGD(model.parameters(), lr=1e-4, momentum=0.9)
scheduler = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=0.01, steps_per_epoch=len(data_loader), epochs=10)
for epoch in range(10):
    for input, target in data_loader:
        optimizer.zero_grad()
        loss_fn(model(input), target).backward()
        optimizer.step()
        scheduler.step()
    print(epoch, f"{validate(model).item():>7f}", scheduler.get_last_lr(), optimizer.param_groups[0]["momentum"])

model = new_model()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
scheduler = torch.optim.lr_scheduler.CyclicLR(optimizer, base_lr=0.01, max_lr=0.1, step_size_up=6)
for epoch in range(10):
    for input, target in data_loader:
        optimizer.zero_grad()
        loss_fn(model(input), target).backward()
        optimizer.step()
        scheduler.step()
    print(epoch, f"{validate(model).item():>7f}", scheduler.get_last_lr())
