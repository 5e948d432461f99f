# Source: Dive into Deep Learning (d2l.ai), chapter_appendix-mathematics-for-deep-learning/
#   information-theory.md, PyTorch tab (https://github.com/d2l-ai/d2l-en).
#   Licence: sample code MIT-0 (text CC BY-SA 4.0).
# Changed: the KL-divergence section draws 100 samples per distribution instead of 10,000 (run
#   time) and prints the values; seeded.
import torch
from torch.nn import NLLLoss


def nansum(x):
    # Define nansum, as pytorch does not offer it inbuilt.
    return x[~torch.isnan(x)].sum()


def self_information(p):
    return -torch.log2(torch.tensor(p)).item()


print(self_information(1 / 64))


def entropy(p):
    entropy = - p * torch.log2(p)
    # Operator `nansum` will sum up the non-nan number
    out = nansum(entropy)
    return out


print(entropy(torch.tensor([0.1, 0.5, 0.1, 0.3])))


def joint_entropy(p_xy):
    joint_ent = -p_xy * torch.log2(p_xy)
    # Operator `nansum` will sum up the non-nan number
    out = nansum(joint_ent)
    return out


print(joint_entropy(torch.tensor([[0.1, 0.5], [0.1, 0.3]])))


def conditional_entropy(p_xy, p_x):
    p_y_given_x = p_xy/p_x
    cond_ent = -p_xy * torch.log2(p_y_given_x)
    # Operator `nansum` will sum up the non-nan number
    out = nansum(cond_ent)
    return out


print(conditional_entropy(torch.tensor([[0.1, 0.5], [0.2, 0.3]]), torch.tensor([0.2, 0.8])))


def mutual_information(p_xy, p_x, p_y):
    p = p_xy / (p_x * p_y)
    mutual = p_xy * torch.log2(p)
    # Operator `nansum` will sum up the non-nan number
    out = nansum(mutual)
    return out


print(mutual_information(torch.tensor([[0.1, 0.5], [0.1, 0.3]]),
                         torch.tensor([0.2, 0.8]), torch.tensor([[0.75, 0.25]])))


def kl_divergence(p, q):
    kl = p * torch.log2(p / q)
    out = nansum(kl)
    return out.abs().item()


torch.manual_seed(1)

tensor_len = 100
p = torch.normal(0, 1, (tensor_len, ))
q1 = torch.normal(-1, 1, (tensor_len, ))
q2 = torch.normal(1, 1, (tensor_len, ))

p = torch.sort(p)[0]
q1 = torch.sort(q1)[0]
q2 = torch.sort(q2)[0]
print(p[:5], q1[:5], q2[:5])


def cross_entropy(y_hat, y):
    ce = -torch.log(y_hat[range(len(y_hat)), y])
    return ce.mean()


labels = torch.tensor([0, 2])
preds = torch.tensor([[0.3, 0.6, 0.1], [0.2, 0.3, 0.5]])

print(cross_entropy(preds, labels))


# Implementation of cross-entropy loss in PyTorch combines `nn.LogSoftmax()`
# and `nn.NLLLoss()`
nll_loss = NLLLoss()
loss = nll_loss(torch.log(preds), labels)
print(loss)
