# Source: PyTorch tutorials, "Jacobians, Hessians, hvp, vhp, and more: composing function transforms"
#   (intermediate_source/jacobians_hessians.py, https://github.com/pytorch/tutorials). Licence: BSD-3-Clause.
# Changed: the timing comparisons (torch.utils.benchmark) are left out; the taller/wider Jacobians are
#   8x64 and 64x8 (not 32x2048), the Hessian's 24 -> 8 (not 512 -> 32), the batched ones 8 samples of
#   7 -> 5 (not 64 of 31 -> 33), hvp on 256 elements (not 2048): run time on the pure-Python backend;
#   prints of the values computed (shapes, a row, allclose checks).
import torch
import torch.nn.functional as F
from functools import partial
_ = torch.manual_seed(0)


def predict(weight, bias, x):
    return F.linear(x, weight, bias).tanh()


D = 16
weight = torch.randn(D, D)
bias = torch.randn(D)
x = torch.randn(D)  # feature vector


def compute_jac(xp):
    jacobian_rows = [torch.autograd.grad(predict(weight, bias, xp), xp, vec)[0]
                     for vec in unit_vectors]
    return torch.stack(jacobian_rows)


xp = x.clone().requires_grad_()
unit_vectors = torch.eye(D)

jacobian = compute_jac(xp)

print(jacobian.shape)
print(jacobian[0])  # show first row

from torch.func import vmap, vjp

_, vjp_fn = vjp(partial(predict, weight, bias), x)

ft_jacobian, = vmap(vjp_fn)(unit_vectors)

# let's confirm both methods compute the same result
assert torch.allclose(ft_jacobian, jacobian)

from torch.func import jacrev

ft_jacobian = jacrev(predict, argnums=2)(weight, bias, x)

# confirm
assert torch.allclose(ft_jacobian, jacobian)
print(ft_jacobian[1])

# note the change in input via argnums params of 0,1 to map to weight and bias
ft_jac_weight, ft_jac_bias = jacrev(predict, argnums=(0, 1))(weight, bias, x)
print(ft_jac_weight.shape, ft_jac_bias.shape)
print(ft_jac_bias[0])

from torch.func import jacrev, jacfwd

Din = 8
Dout = 64
weight = torch.randn(Dout, Din)

bias = torch.randn(Dout)
x = torch.randn(Din)

# remember the general rule about taller vs wider... here we have a taller matrix:
print(weight.shape)
jac_fwd = jacfwd(predict, argnums=2)(weight, bias, x)
jac_rev = jacrev(predict, argnums=2)(weight, bias, x)
print(jac_fwd.shape, torch.allclose(jac_fwd, jac_rev))

Din = 64
Dout = 8
weight = torch.randn(Dout, Din)
bias = torch.randn(Dout)
x = torch.randn(Din)
jac_fwd = jacfwd(predict, argnums=2)(weight, bias, x)
jac_rev = jacrev(predict, argnums=2)(weight, bias, x)
print(jac_rev.shape, torch.allclose(jac_fwd, jac_rev))
print(jac_rev[0, :6])

from torch.func import hessian

Din = 24
Dout = 8
weight = torch.randn(Dout, Din)
bias = torch.randn(Dout)
x = torch.randn(Din)

hess_api = hessian(predict, argnums=2)(weight, bias, x)
hess_fwdfwd = jacfwd(jacfwd(predict, argnums=2), argnums=2)(weight, bias, x)
hess_revrev = jacrev(jacrev(predict, argnums=2), argnums=2)(weight, bias, x)

print(hess_api.shape)
print(torch.allclose(hess_api, hess_fwdfwd))
print(torch.allclose(hess_api, hess_revrev, atol=1e-6))
print(hess_api[0, 0, :5])

batch_size = 8
Din = 7
Dout = 5

weight = torch.randn(Dout, Din)
print(f"weight shape = {weight.shape}")

bias = torch.randn(Dout)

x = torch.randn(batch_size, Din)

compute_batch_jacobian = vmap(jacrev(predict, argnums=2), in_dims=(None, None, 0))
batch_jacobian0 = compute_batch_jacobian(weight, bias, x)
print(batch_jacobian0.shape)


def predict_with_output_summed(weight, bias, x):
    return predict(weight, bias, x).sum(0)


batch_jacobian1 = jacrev(predict_with_output_summed, argnums=2)(weight, bias, x).movedim(1, 0)
assert torch.allclose(batch_jacobian0, batch_jacobian1)

compute_batch_hessian = vmap(hessian(predict, argnums=2), in_dims=(None, None, 0))

batch_hess = compute_batch_hessian(weight, bias, x)
print(batch_hess.shape)
print(batch_hess[1, 2, 3])

from torch.func import jvp, grad, vjp


def hvp(f, primals, tangents):
    return jvp(grad(f), primals, tangents)[1]


def f(x):
    return x.sin().sum()


x = torch.randn(256)
tangent = torch.randn(256)

result = hvp(f, (x,), (tangent,))
print(result[:5])


def hvp_revrev(f, primals, tangents):
    _, vjp_fn = vjp(grad(f), *primals)
    return vjp_fn(*tangents)


result_hvp_revrev = hvp_revrev(f, (x,), (tangent,))
assert torch.allclose(result, result_hvp_revrev[0])
