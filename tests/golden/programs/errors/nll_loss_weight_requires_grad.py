import torch
import torch.nn.functional as F
torch.manual_seed(0)
w = torch.tensor([1.0, 2.0, 0.5], requires_grad=True)
logits = torch.randn(2, 3, requires_grad=True)
target = torch.tensor([0, 2])
cases = [
    lambda: F.nll_loss(F.log_softmax(logits, 1), target, weight=w),
    lambda: F.cross_entropy(logits, target, weight=w),
    lambda: torch.nn.CrossEntropyLoss(weight=w)(logits, target),
    lambda: F.cross_entropy(logits, target, weight=w, label_smoothing=0.1),
    lambda: F.nll_loss(logits.detach(), target, weight=w),
    lambda: F.nll_loss(logits.unsqueeze(-1), target.unsqueeze(-1), weight=w),
    lambda: F.nll_loss(logits[0], target[1], weight=w),
    lambda: F.nll_loss(logits, torch.tensor([0.0, 1.0]), weight=w),
    lambda: F.nll_loss(logits, torch.tensor([0, 1, 1]), weight=w),
]
for case in cases:
    try:
        print(case())
    except Exception as exc:
        print(type(exc).__name__, "|", exc)
with torch.no_grad():
    print(F.cross_entropy(logits, target, weight=w))
print(F.cross_entropy(logits, target, weight=w.detach()))
print(F.cross_entropy(logits, torch.tensor([[0.2, 0.3, 0.5], [1.0, 0.0, 0.0]]), weight=w))
