# NAdam, RAdam and Adadelta take float32 sqrt, which PyTorch hands to MKL VML (faithful, not
# correctly rounded: arith-parity.md 2.1); the engine rounds correctly, so other configurations
# can differ in the last bit. These agree bit for bit.
import torch
torch.manual_seed(0)
x = torch.randn(16, 3)
y = torch.randn(16, 1)
for name, kwargs in [("Adamax", {}), ("Adamax", dict(lr=0.1, weight_decay=0.1, maximize=False)),
                     ("NAdam", {}), ("NAdam", dict(lr=0.01, weight_decay=0.05, decoupled_weight_decay=True)),
                     ("RAdam", {}), ("RAdam", dict(lr=0.05, weight_decay=0.01)),
                     ("Adadelta", {}), ("Adadelta", dict(lr=0.5, rho=0.8, weight_decay=0.1)),
                     ("ASGD", {}), ("ASGD", dict(lr=0.05, t0=5, weight_decay=0.01)),
                     ("Rprop", {}), ("Rprop", dict(lr=0.05, etas=(0.3, 1.5), step_sizes=(1e-3, 0.2)))]:
    torch.manual_seed(1)
    model = torch.nn.Linear(3, 1)
    opt = getattr(torch.optim, name)(model.parameters(), **kwargs)
    for step in range(12):
        opt.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        opt.step()
    print(name, kwargs, loss.item(), model.weight.tolist(), model.bias.tolist())
    if kwargs == {}:
        print(sorted((k, v if not torch.is_tensor(v) else v.tolist()) for k, v in opt.state[model.bias].items()))
print(torch.optim.ASGD([torch.nn.Parameter(torch.ones(1))]))
for name, bad in [("Adamax", dict(betas=(0.9, 1.0))), ("NAdam", dict(momentum_decay=-1)), ("RAdam", dict(eps=-1)),
                  ("Adadelta", dict(rho=1.5)), ("ASGD", dict(weight_decay=-1)), ("Rprop", dict(etas=(1.1, 1.2)))]:
    try:
        getattr(torch.optim, name)([torch.nn.Parameter(torch.ones(1))], **bad)
    except ValueError as e:
        print(name, "ValueError:", e)
