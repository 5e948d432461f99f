# Legacy and small torch names: torch.fill, nonzero_static, empty_permuted, deterministic debug mode,
# set_default_tensor_type, exception classes, layout, Tensor.as_subclass/volatile/map2_, geometric_ and
# log_normal_ streams (ATen's geometric/lognormal distributions on the generator's 53-bit doubles)
import torch, warnings
warnings.simplefilter("ignore")
x = torch.tensor([[0., 1.], [2., 0.]], requires_grad=True)
print(torch.fill(x, 2.5), torch.fill(x, torch.tensor(1.)), torch.fill(torch.tensor([1, 2]), 2.7))
y = torch.tensor(3., requires_grad=True); torch.fill(x, y).sum().backward(); print(y.grad, x.grad)
for f in [lambda: torch.fill(x, torch.tensor([1., 2.])), lambda: torch.nonzero_static(x, size=-1),
          lambda: torch.tensor([1.]).reinforce(1), lambda: torch.empty(2).geometric_(1.5),
          lambda: torch.set_deterministic_debug_mode("x"), lambda: torch.set_deterministic_debug_mode(5),
          lambda: torch.set_default_tensor_type(torch.LongTensor), lambda: x.as_subclass(int)]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
print(torch.nonzero_static(x, size=4), x.nonzero_static(size=1, fill_value=-5), torch.nonzero_static(torch.tensor(3.), size=2))
print(torch.resolve_neg(x) is x, x.resolve_neg() is x)
e = torch.empty_permuted((2, 3, 4), (0, 2, 1)); print(e.shape, e.stride(), torch.empty_permuted((2, 3), (1, 0), dtype=torch.float64).stride())
d = x.detach(); print(torch.detach_(d) is d, d.requires_grad)
print(x.layout, torch.strided, torch.layout)
print(torch.ShortTensor([1, 2]), torch.CharTensor(2).dtype, torch.CharTensor([3]).type())
print(issubclass(torch.OutOfMemoryError, RuntimeError), issubclass(torch.AcceleratorError, RuntimeError), issubclass(torch.FatalError, RuntimeError))
print(torch.get_deterministic_debug_mode(), torch.is_deterministic_algorithms_warn_only_enabled())
torch.set_deterministic_debug_mode("warn")
print(torch.get_deterministic_debug_mode(), torch.are_deterministic_algorithms_enabled(), torch.is_deterministic_algorithms_warn_only_enabled())
torch.set_deterministic_debug_mode(2); print(torch.get_deterministic_debug_mode()); torch.set_deterministic_debug_mode("default")
print(torch.set_flush_denormal(False), torch.init_num_threads(), torch.is_vulkan_available(), torch.thread_safe_generator(), torch.random.thread_safe_generator())
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    torch.set_default_tensor_type(torch.DoubleTensor)
    print(torch.tensor([1.]).dtype, len(w), w[0].category.__name__ if w else None)
torch.set_default_tensor_type("torch.FloatTensor"); print(torch.get_default_dtype())
print(x.is_ipu, x.is_xla, x.is_maia, x.is_vulkan, x.dense_dim(), x.grad_dtype)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    print(x.volatile, [str(m.message) for m in w])
s = x.as_subclass(torch.Tensor); print(s, type(x.detach().as_subclass(torch.nn.Parameter)).__name__)
print(x.hardshrink(0.5), x.prelu(torch.tensor([0.25])), torch.tensor([-1., 0.3, 2.]).hardshrink())
t = torch.arange(4.); t.map_(torch.ones(4), lambda a, b: a * 10 + b); print(t)
t.map2_(torch.ones(4), torch.tensor(2.), lambda a, b, c: a - b * c); print(t)
torch.manual_seed(0)
print(torch.empty(5).geometric_(0.3), torch.empty(20, dtype=torch.float64).log_normal_(0.5, 0.25)[:4], torch.empty(3).log_normal_())
print(torch.empty(3, dtype=torch.long).geometric_(0.5), torch.empty(40).log_normal_()[-3:])
print(torch.empty(2, 3).geometric_(0.01, generator=torch.Generator().manual_seed(3)), torch.randn(2))
