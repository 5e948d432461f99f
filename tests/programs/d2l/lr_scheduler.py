# Source: Dive into Deep Learning (d2l.ai), chapter_optimization/lr-scheduler.md, PyTorch tab
#   (https://github.com/d2l-ai/d2l-en). Licence: sample code MIT-0 (text CC BY-SA 4.0).
# Changed: the LeNet training on Fashion-MNIST is left out (no downloads); the schedules the
#   chapter plots are printed at a few epochs instead.
import math

import torch
from torch import nn
from torch.optim import lr_scheduler


def net_fn():
    model = nn.Sequential(
        nn.Conv2d(1, 6, kernel_size=5, padding=2), nn.ReLU(),
        nn.MaxPool2d(kernel_size=2, stride=2),
        nn.Conv2d(6, 16, kernel_size=5), nn.ReLU(),
        nn.MaxPool2d(kernel_size=2, stride=2),
        nn.Flatten(),
        nn.Linear(16 * 5 * 5, 120), nn.ReLU(),
        nn.Linear(120, 84), nn.ReLU(),
        nn.Linear(84, 10))
    return model


class SquareRootScheduler:
    def __init__(self, lr=0.1):
        self.lr = lr

    def __call__(self, num_update):
        return self.lr * pow(num_update + 1.0, -0.5)


scheduler = SquareRootScheduler(lr=0.1)
print([round(scheduler(t), 6) for t in range(0, 30, 5)])


class FactorScheduler:
    def __init__(self, factor=1, stop_factor_lr=1e-7, base_lr=0.1):
        self.factor = factor
        self.stop_factor_lr = stop_factor_lr
        self.base_lr = base_lr

    def __call__(self, num_update):
        self.base_lr = max(self.stop_factor_lr, self.base_lr * self.factor)
        return self.base_lr


scheduler = FactorScheduler(factor=0.9, stop_factor_lr=1e-2, base_lr=2.0)
print([scheduler(t) for t in range(50)][::7])

torch.manual_seed(0)
lr = 0.5
net = net_fn()
trainer = torch.optim.SGD(net.parameters(), lr=lr)
scheduler = lr_scheduler.MultiStepLR(trainer, milestones=[15, 30], gamma=0.5)


def get_lr(trainer, scheduler):
    lr = scheduler.get_last_lr()[0]
    trainer.step()
    scheduler.step()
    return lr


print([get_lr(trainer, scheduler) for t in range(40)][::5])


class CosineScheduler:
    def __init__(self, max_update, base_lr=0.01, final_lr=0,
                 warmup_steps=0, warmup_begin_lr=0):
        self.base_lr_orig = base_lr
        self.max_update = max_update
        self.final_lr = final_lr
        self.warmup_steps = warmup_steps
        self.warmup_begin_lr = warmup_begin_lr
        self.max_steps = self.max_update - self.warmup_steps

    def get_warmup_lr(self, epoch):
        increase = (self.base_lr_orig - self.warmup_begin_lr) \
            * float(epoch) / float(self.warmup_steps)
        return self.warmup_begin_lr + increase

    def __call__(self, epoch):
        if epoch < self.warmup_steps:
            return self.get_warmup_lr(epoch)
        if epoch <= self.max_update:
            self.base_lr = self.final_lr + (
                self.base_lr_orig - self.final_lr) * (1 + math.cos(
                    math.pi * (epoch - self.warmup_steps) / self.max_steps)) / 2
        return self.base_lr


scheduler = CosineScheduler(max_update=20, base_lr=0.3, final_lr=0.01)
print([round(scheduler(t), 6) for t in range(30)][::3])
scheduler = CosineScheduler(20, warmup_steps=5, base_lr=0.3, final_lr=0.01)
print([round(scheduler(t), 6) for t in range(30)][::3])

# PyTorch's own schedulers on the same optimizer
for make in (lambda opt: lr_scheduler.StepLR(opt, step_size=10, gamma=0.5),
             lambda opt: lr_scheduler.ConstantLR(opt, factor=0.5, total_iters=4),
             lambda opt: lr_scheduler.LinearLR(opt, start_factor=0.25, total_iters=8),
             lambda opt: lr_scheduler.MultiplicativeLR(opt, lambda epoch: 0.95),
             lambda opt: lr_scheduler.PolynomialLR(opt, total_iters=10, power=2.0),
             lambda opt: lr_scheduler.ExponentialLR(opt, gamma=0.9)):
    trainer = torch.optim.SGD(net.parameters(), lr=lr)
    scheduler = make(trainer)
    print(type(scheduler).__name__, [get_lr(trainer, scheduler) for t in range(12)])
X = torch.rand(2, 1, 28, 28)
print(net(X).shape)
