# golden: tolerance=6sig
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.autograd.forward_ad as fwAD

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 3))
x = torch.randn(5, 4)
direction = torch.randn(5, 4)
with fwAD.dual_level():
    out = model(fwAD.make_dual(x, direction))
    print(fwAD.unpack_dual(out).tangent)
    target = torch.tensor([0, 2, 1, 1, 0])
    loss = F.cross_entropy(out, target)
    print(loss)
    print(F.mse_loss(out, torch.zeros(5, 3)))
    print(F.smooth_l1_loss(out, torch.ones(5, 3)))
    print(fwAD.unpack_dual(nn.LayerNorm(3)(out)).tangent)
    print(fwAD.unpack_dual(F.gelu(out)).tangent)
    print(F.binary_cross_entropy_with_logits(out, torch.rand(5, 3)))
    print(F.nll_loss(F.log_softmax(out, 1), target, reduction="sum"))
    for act in (nn.ReLU(), nn.LeakyReLU(0.1), nn.ELU(), nn.SiLU(), nn.Softplus(), nn.Sigmoid(), nn.Hardtanh(),
                nn.Softmax(dim=1), nn.LogSoftmax(dim=1), nn.Mish(), nn.Hardswish(), nn.PReLU()):
        print(type(act).__name__, fwAD.unpack_dual(act(out)).tangent[0])
    # a tangent on a parameter: the directional derivative along a weight change
    layer = nn.Linear(3, 2)
    with torch.no_grad():
        weight = layer.weight.detach().clone()
    del layer.weight
    layer.weight = fwAD.make_dual(weight, torch.ones_like(weight))
    print(fwAD.unpack_dual(layer(torch.tensor([[1.0, 2.0, 3.0]]))).tangent)
    # convolution, pooling, batch norm (eval), dropout (eval)
    conv = nn.Sequential(nn.Conv2d(2, 3, 3, padding=1), nn.BatchNorm2d(3).eval(), nn.ReLU(), nn.MaxPool2d(2),
                         nn.Dropout(0.5).eval(), nn.Flatten(), nn.Linear(12, 2))
    image = torch.randn(1, 2, 4, 4)
    print(fwAD.unpack_dual(conv(fwAD.make_dual(image, torch.ones_like(image)))).tangent)
    print(fwAD.unpack_dual(F.avg_pool2d(fwAD.make_dual(image, image.sin()), 2)).tangent)
    print(fwAD.unpack_dual(F.interpolate(fwAD.make_dual(image, image.cos()), scale_factor=2)).tangent.sum())
    emb = nn.Embedding(5, 2)
    print(fwAD.unpack_dual(emb(torch.tensor([1, 3]))).tangent)  # no tangent anywhere: None
