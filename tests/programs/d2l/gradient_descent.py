# Source: Dive into Deep Learning (d2l.ai), chapter_optimization/gd.md and momentum.md, PyTorch tab
#   (https://github.com/d2l-ai/d2l-en). Licence: sample code MIT-0 (text CC BY-SA 4.0).
# Changed: d2l.train_2d written out, its plots replaced by the printed iterates; the two sections
#   in one file. Left out: the nonconvex example x * cos(c x), whose iterates show the last bits of
#   MKL's vectorised cos and sin (not reproducible, arith-parity.md section 5).
import torch


def f(x):  # Objective function
    return x ** 2


def f_grad(x):  # Gradient (derivative) of the objective function
    return 2 * x


def gd(eta, f_grad):
    x = 10.0
    results = [x]
    for i in range(10):
        x -= eta * f_grad(x)
        results.append(float(x))
    print(f'epoch 10, x: {x:f}')
    return results


results = gd(0.2, f_grad)
gd(0.05, f_grad)
gd(1.1, f_grad)

def train_2d(trainer, steps=20, f_grad=None):  #@save
    """Optimize a 2D objective function with a customized trainer."""
    # `s1` and `s2` are internal state variables that will be used in Momentum, adagrad, RMSProp
    x1, x2, s1, s2 = -5, -2, 0, 0
    results = [(x1, x2)]
    for i in range(steps):
        if f_grad:
            x1, x2, s1, s2 = trainer(x1, x2, s1, s2, f_grad)
        else:
            x1, x2, s1, s2 = trainer(x1, x2, s1, s2)
        results.append((x1, x2))
    print(f'epoch {i + 1}, x1: {float(x1):f}, x2: {float(x2):f}')
    return results


def f_2d(x1, x2):  # Objective function
    return x1 ** 2 + 2 * x2 ** 2


def f_2d_grad(x1, x2):  # Gradient of the objective function
    return (2 * x1, 4 * x2)


def gd_2d(x1, x2, s1, s2, f_grad):
    g1, g2 = f_grad(x1, x2)
    return (x1 - eta * g1, x2 - eta * g2, 0, 0)


eta = 0.1
train_2d(gd_2d, f_grad=f_2d_grad)

eta = 0.4


def f_2d(x1, x2):
    return 0.1 * x1 ** 2 + 2 * x2 ** 2


def gd_2d(x1, x2, s1, s2):
    return (x1 - eta * 0.2 * x1, x2 - eta * 4 * x2, 0, 0)


train_2d(gd_2d)
eta = 0.6
train_2d(gd_2d)


def momentum_2d(x1, x2, v1, v2):
    v1 = beta * v1 + 0.2 * x1
    v2 = beta * v2 + 4 * x2
    return x1 - eta * v1, x2 - eta * v2, v1, v2


eta, beta = 0.6, 0.5
train_2d(momentum_2d)
eta, beta = 0.6, 0.25
train_2d(momentum_2d)

betas = [0.95, 0.9, 0.6, 0]
x = torch.arange(40)
for beta in betas:
    print(f'beta = {beta:.2f}', (beta ** x)[::8])

# Newton's method
c = torch.tensor(0.5)


def f(x):  # Objective function
    return torch.cosh(c * x)


def f_grad(x):  # Gradient of the objective function
    return c * torch.sinh(c * x)


def f_hess(x):  # Hessian of the objective function
    return c**2 * torch.cosh(c * x)


def newton(eta=1):
    x = 10.0
    results = [x]
    for i in range(10):
        x -= eta * f_grad(x) / f_hess(x)
        results.append(float(x))
    print('epoch 10, x:', x)
    return results


newton()
