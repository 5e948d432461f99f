"""Programs whose autograd graphs tests/engine/test_graph_export.py compares with real PyTorch's.

Each is run as a learner's program; every tensor it leaves in its namespace that requires grad
is a root, and the graph behind it is walked by next_functions (tests/graph/structure.py).
The first two are the seed lesson's (course/lessons/300-computational-graph.md).
"""

PROGRAMS = {
    "seed_example": """
import torch
x = torch.tensor(2.0, requires_grad=True)
y = x * 3
z = y.exp()
z.backward()
""",
    "seed_practice": """
import torch
x = torch.tensor(1.0, requires_grad=True)
a = x * x
b = a + x
b.backward()
""",
    "branching": """
import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([0.5, -1.0], requires_grad=True)
h = x * w
u = h.sin()
v = h.cos()
out = (u + v).sum()
""",
    "reuse_square": """
import torch
x = torch.tensor(3.0, requires_grad=True)
y = x * x
y.backward()
""",
    "constant_inputs": """
import torch
c = torch.tensor([1.0, 2.0])
x = torch.tensor([0.5, 0.25], requires_grad=True)
y = (x + c) * c - 2
s = y.pow(2).mean()
""",
    "hooks": """
import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
y.register_hook(lambda g: g * 10)
y.retain_grad()
z = y.sum()
z.backward()
""",
    "custom_function": """
import torch
class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3
    @staticmethod
    def backward(ctx, grad):
        x, = ctx.saved_tensors
        return 3 * x ** 2 * grad
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = Cube.apply(x).sum()
y.backward()
""",
    "linear_step": """
import torch
torch.manual_seed(0)
model = torch.nn.Linear(3, 2)
x = torch.randn(4, 3)
target = torch.randn(4, 2)
loss = torch.nn.functional.mse_loss(model(x), target)
loss.backward()
""",
    "mlp_step": """
import torch
torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(2, 8), torch.nn.Tanh(), torch.nn.Linear(8, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(5, 2)
y = torch.randn(5, 1)
opt.zero_grad()
loss = ((model(x) - y) ** 2).mean()
loss.backward()
opt.step()
""",
    "inplace_history": """
import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
a = x * 2
a.add_(1)
a.mul_(a)
s = a.sum()
""",
    "inplace_on_view": """
import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
a = x.clone()
a[1:].mul_(3)
s = a.sum()
""",
    "views_and_shapes": """
import torch
x = torch.arange(6.0).reshape(2, 3).requires_grad_()
y = x.t().reshape(-1)[::2]
z = y.unsqueeze(0).expand(2, 3).sum()
""",
    "matmul_broadcast": """
import torch
a = torch.ones(2, 3, requires_grad=True)
b = torch.full((3,), 0.5, requires_grad=True)
out = (a @ b + b.sum()).relu().sum()
""",
    "multi_output": """
import torch
x = torch.tensor([[3.0, 1.0], [2.0, 5.0]], requires_grad=True)
values, indices = x.max(dim=1)
parts = torch.split(x, 1, dim=0)
total = values.sum() + parts[1].sum()
""",
    "cat_and_stack": """
import torch
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0], requires_grad=True)
c = torch.cat([a, b, torch.zeros(1)])
d = torch.stack([a, a * 2]).sum() + c.prod()
""",
    "detach_and_no_grad": """
import torch
x = torch.tensor(2.0, requires_grad=True)
with torch.no_grad():
    k = x * 4
y = x * k + x.detach() * x
""",
    "softmax_cross_entropy": """
import torch
logits = torch.tensor([[1.0, 2.0, 0.5]], requires_grad=True)
target = torch.tensor([1])
loss = torch.nn.functional.cross_entropy(logits, target)
probs = logits.softmax(dim=1)
""",
    "number_operands": """
import torch
x = torch.tensor([2.0, 1.0], requires_grad=True)
times_int = x * 3
times_float = x * 3.5
int_times = 3 * x
halved = x / 2.0
squared = x ** 2
""",
    "second_order": """
import torch
x = torch.tensor(1.5, requires_grad=True)
y = x ** 3
g, = torch.autograd.grad(y, x, create_graph=True)
""",
}

# The custom Function with a wrong backward (d(x³)/dx is 3x², not 2x): gradcheck must fail on it.
WRONG_FUNCTION = PROGRAMS["custom_function"].replace("return 3 * x ** 2 * grad", "return 2 * x * grad")
