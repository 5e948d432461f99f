# Keywords PyTorch's signatures have that the engine lacked: F.normalize(out=), torch.range(out=),
# repeat_interleave(output_size=), Hardtanh(min_value=, max_value=), GroupNorm(bias=), swapaxes_(axis0=),
# transpose_(dim0=), promote_types(type1=, type2=).
import torch, warnings
warnings.simplefilter("ignore")
x = torch.arange(6.0).reshape(2, 3)
o = torch.empty(0)
print(torch.nn.functional.normalize(x, out=o), o)
o = torch.empty(0)
print(torch.range(0, 3, out=o), o)
w = x.clone().requires_grad_()
try:
    torch.nn.functional.normalize(w, out=torch.empty(0))
except RuntimeError as e:
    print(e)
print(torch.repeat_interleave(torch.tensor([1, 2]), torch.tensor([1, 3]), output_size=4))
try:
    torch.repeat_interleave(torch.tensor([1, 2]), 2, output_size=5)
except RuntimeError as e:
    print(e)
print(torch.nn.Hardtanh(min_value=-2.0, max_value=2.0), torch.nn.GroupNorm(1, 2, bias=False), torch.nn.GroupNorm(1, 2, bias=False).bias)
print(x.clone().swapaxes_(axis0=0, axis1=1).shape, x.clone().transpose_(dim0=0, dim1=1).shape, torch.promote_types(type1=torch.int32, type2=torch.float32))
g = torch.nn.GroupNorm(1, 2, bias=False)
print(g(torch.tensor([[[1.0, 2.0], [3.0, 5.0]]])), list(g.state_dict()))
