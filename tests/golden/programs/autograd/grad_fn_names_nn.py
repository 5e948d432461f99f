import torch
import torch.nn.functional as F
torch.manual_seed(0)
x = torch.randn(4, 3, requires_grad=True)
lin = torch.nn.Linear(3, 2)
t = torch.tensor([0, 1, 1, 0])
outs = {
    "linear": lin(x), "linear_1d": lin(x[0]), "relu": F.relu(x), "leaky_relu": F.leaky_relu(x), "elu": F.elu(x),
    "gelu": F.gelu(x), "silu": F.silu(x), "softplus": F.softplus(x), "tanh": torch.tanh(x),
    "mse": F.mse_loss(x, torch.zeros(4, 3)), "l1": F.l1_loss(x, torch.zeros(4, 3)),
    "smooth_l1": F.smooth_l1_loss(x, torch.zeros(4, 3)), "huber": F.huber_loss(x, torch.zeros(4, 3)),
    "cross_entropy": F.cross_entropy(x, t), "nll": F.nll_loss(x, t),
    "bce": F.binary_cross_entropy(torch.sigmoid(x), torch.ones(4, 3)),
    "bce_logits": F.binary_cross_entropy_with_logits(x, torch.ones(4, 3)),
    "layer_norm": F.layer_norm(x, (3,)), "dropout_eval": F.dropout(x, 0.5, training=False),
    "dropout": F.dropout(x, 0.5), "log_softmax": F.log_softmax(x, dim=1), "softmax": F.softmax(x, dim=1),
}
for name, out in outs.items():
    print(f"{name:14s}", out.grad_fn.name() if out.grad_fn is not None else None)
