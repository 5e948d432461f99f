import torch
import torch.autograd.forward_ad as fwAD


def show(fn):
    try:
        fn()
    except Exception as e:
        print(f"{type(e).__name__}: {e}")


x = torch.tensor([1.0, 2.0, 3.0])
show(lambda: fwAD.make_dual(x, torch.ones(3)))  # outside a level
show(lambda: fwAD.exit_dual_level())
with fwAD.dual_level():
    show(lambda: fwAD.make_dual(x, torch.ones(2)))
    show(lambda: fwAD.make_dual(x, torch.ones(2, 3)))
    show(lambda: fwAD.make_dual(torch.arange(3), torch.ones(3)))
    show(lambda: fwAD.make_dual(x, torch.arange(3)))
    d = fwAD.make_dual(x, torch.ones(3))
    show(lambda: fwAD.make_dual(d, torch.ones(3)))
    show(lambda: fwAD.enter_dual_level())

    def nested():
        with fwAD.dual_level():
            pass
    show(nested)
    show(lambda: fwAD.exit_dual_level(level=1))
    show(lambda: torch.cdist(d.view(1, 3), torch.ones(2, 3)))  # an op without a forward formula
    show(lambda: torch.pdist(d.view(3, 1)))

    class NoJvp(torch.autograd.Function):
        @staticmethod
        def forward(ctx, a):
            return a * 2

        @staticmethod
        def backward(ctx, g):
            return g * 2
    show(lambda: NoJvp.apply(d))

    class TwoTangents(torch.autograd.Function):
        @staticmethod
        def forward(ctx, a):
            return a * 2

        @staticmethod
        def backward(ctx, g):
            return g * 2

        @staticmethod
        def jvp(ctx, a_t):
            return a_t * 2, a_t
    show(lambda: TwoTangents.apply(d))
    print(NoJvp.apply(x))  # no tangent in: no jvp needed
show(lambda: fwAD.exit_dual_level())
