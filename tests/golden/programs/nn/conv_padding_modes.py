# Conv1d/2d/3d with padding_mode reflect, replicate and circular: F.pad in that mode, then the
# convolution without padding (the graph shows the pad's node); 'same' and 'valid' padding too
import torch

torch.manual_seed(0)
torch.set_printoptions(precision=2)  # (the layout is the point here: conv's own bits are tested elsewhere)
for cls, shape in [(torch.nn.Conv1d, (2, 3, 9)), (torch.nn.Conv2d, (1, 3, 6, 7)), (torch.nn.Conv3d, (1, 2, 4, 5, 5))]:
    for mode in ("reflect", "replicate", "circular"):
        for padding in (1, "same", "valid"):
            conv = cls(shape[1], 2, 3, padding=padding, padding_mode=mode)
            x = torch.randn(shape, requires_grad=True)
            y = conv(x)
            y.pow(2).sum().backward()
            print(conv, tuple(y.shape), type(y.grad_fn.next_functions[0][0]).__name__)
            print(y.flatten()[:6], x.grad.flatten()[:6])
try:
    torch.nn.Conv2d(1, 1, 3, padding_mode="bad")
except ValueError as e:
    print("ValueError", str(e).split(" one of")[0])
