import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

# CTC loss: the alignment-free sequence loss (speech, handwriting): log-probabilities (T, N, C),
# targets padded (N, S) or concatenated, per-sequence input and target lengths
torch.manual_seed(0)
T, N, C, S = 12, 3, 6, 4
logits = torch.randn(T, N, C, requires_grad=True)
log_probs = logits.log_softmax(2)
targets = torch.randint(1, C, (N, S), dtype=torch.long)
input_lengths, target_lengths = torch.tensor([12, 10, 7]), torch.tensor([4, 2, 3])
for reduction in ("mean", "sum", "none"):
    logits.grad = None
    loss = F.ctc_loss(log_probs, targets, input_lengths, target_lengths, reduction=reduction)
    loss.sum().backward(retain_graph=True)
    print(reduction, loss, loss.grad_fn.name())
    print(logits.grad[:, 1].flatten().tolist())

ctc = nn.CTCLoss(blank=5, zero_infinity=True)
flat_targets = torch.cat([targets[0, :4], targets[1, :2], targets[2, :3]]) - 1  # labels 0..4, blank 5
logits.grad = None
loss = ctc(log_probs, flat_targets, (12, 10, 7), (4, 2, 3))
loss.backward(retain_graph=True)
print(ctc, loss, logits.grad[3])

# impossible alignments (more labels than time steps) give inf, or 0 with zero_infinity
short = F.ctc_loss(log_probs[:2], targets, [2, 2, 2], [4, 2, 3], reduction="none")
print(short, F.ctc_loss(log_probs[:2], targets, [2, 2, 2], [4, 2, 3], reduction="none", zero_infinity=True))
logits.grad = None
F.ctc_loss(log_probs[:2], targets, [2, 2, 2], [4, 2, 3], reduction="sum", zero_infinity=True).backward(retain_graph=True)
print(logits.grad[:2, 0])
print(F.ctc_loss(log_probs, targets, [12, 10, 7], [0, 2, 3], reduction="none"), F.ctc_loss(log_probs, targets, [12, 10, 7], [0, 2, 3]))

# unbatched, float64, the torch.* form, double backward
print(F.ctc_loss(log_probs[:, 0], targets[0], [12], [4]), F.ctc_loss(log_probs.double(), targets, input_lengths, target_lengths))
print(torch.ctc_loss(log_probs, targets, [12, 10, 7], [4, 2, 3]), torch.ctc_loss(log_probs, targets, input_lengths, target_lengths, 0, 2, False))
grad, = torch.autograd.grad(F.ctc_loss(log_probs, targets, input_lengths, target_lengths), logits, create_graph=True)
print(grad.grad_fn.name())
for call in [lambda: grad.sum().backward(), lambda: F.ctc_loss(log_probs, targets, [12, 10, 7], [3]),
             lambda: F.ctc_loss(log_probs, targets, [13, 10, 7], [4, 2, 3]), lambda: F.ctc_loss(log_probs, targets, [12, 10, 7], [5, 2, 3]),
             lambda: F.ctc_loss(log_probs, targets, [12, 10, 7], [4, 2, 3], reduction="bad"),
             lambda: F.ctc_loss(log_probs, targets, [12, 10, 7], [4, 2, 3], blank=6)]:
    try:
        call()
    except (RuntimeError, ValueError) as err:
        print(type(err).__name__, err)
