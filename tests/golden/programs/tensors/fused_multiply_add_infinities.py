# Ops computed with a fused multiply-add give C's NaN and infinities where the exact result is
# invalid (inf - inf, inf * 0) or overflows, in float64 and float32 alike.
import torch

for dtype in (torch.float64, torch.float32):
    x = torch.tensor([float("inf"), 1e38, 1.0, float("inf")], dtype=dtype)
    y = torch.tensor([float("-inf"), 1e38, 2.0, 0.0], dtype=dtype)
    print(torch.add(x, y, alpha=2), torch.sub(x, y, alpha=3), torch.addcmul(x, y, y, value=0.5))
    print(torch.lerp(x, y, 0.25), torch.nn.functional.layer_norm(x.unsqueeze(0), (4,)))
