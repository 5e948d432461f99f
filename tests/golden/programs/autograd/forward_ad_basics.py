import torch
import torch.autograd.forward_ad as fwAD

print(fwAD.__all__)
primal = torch.tensor([1.0, 2.0, 3.0])
tangent = torch.tensor([1.0, 0.0, -1.0])
print(fwAD.unpack_dual(primal))  # no level: the tensor itself and no tangent

with fwAD.dual_level() as level:
    print("level", level)
    dual = fwAD.make_dual(primal, tangent)
    print(dual)
    unpacked = fwAD.unpack_dual(dual)
    print(type(unpacked).__name__, unpacked._fields)
    print(unpacked)
    print(unpacked.primal, unpacked.tangent is tangent, unpacked.primal._base is primal)
    p, t = fwAD.unpack_dual(dual)
    print(p, t)
    out = dual.sin() * dual + 2
    print(out)
    print(fwAD.unpack_dual(out).tangent)
    total = (dual ** 2).sum()
    print(total)  # a 0-dim tangent prints as a number
    print(fwAD.unpack_dual(primal * 3))  # not dual: tangent None
    print(fwAD.unpack_dual(dual.detach()).tangent)  # detach drops the tangent
    with torch.no_grad():
        print(fwAD.unpack_dual(dual.exp()).tangent)  # forward AD ignores grad mode
    wide = fwAD.make_dual(torch.arange(12.).reshape(3, 4), torch.ones(3, 4) * 0.5)
    print(wide.t() @ wide)
    mixed = fwAD.make_dual(primal, torch.ones(3, dtype=torch.float64))  # the tangent keeps its dtype
    print(mixed, fwAD.unpack_dual(mixed * 2).tangent.dtype)
    strided = torch.arange(6.)[::2]
    kept = fwAD.make_dual(primal, strided)
    print(fwAD.unpack_dual(kept).tangent is strided, fwAD.unpack_dual(kept).tangent)

print(fwAD.unpack_dual(out))  # the level is gone, and with it every tangent
print(out)

level = fwAD.enter_dual_level()
x = fwAD.make_dual(torch.tensor(2.0), torch.tensor(1.0))
print(level, x.exp())
fwAD.exit_dual_level()
print(x)


@fwAD.dual_level()
def derivative_of_cube_at(value):
    y = fwAD.make_dual(torch.tensor(value), torch.tensor(1.0)) ** 3
    return fwAD.unpack_dual(y).tangent


print(derivative_of_cube_at(2.0))
