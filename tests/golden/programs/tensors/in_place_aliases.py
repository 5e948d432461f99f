import torch

x = torch.tensor([0.5, -0.25, 0.75])
for name in ["arccos_", "arcsin_", "arctan_", "absolute_", "negative_", "arcsinh_", "arctanh_", "nan_to_num_"]:
    y = x.clone()
    print(name, getattr(y, name)() is y, y)
y = torch.tensor([1.5, 2.0, 3.0])
y.arccosh_()
print(y)
print(x.arccos(), x.arcsin(), x.arctan(), torch.absolute(x), torch.arccos_(x.clone()), torch.negative_(x.clone()))
for name, arg in [("subtract_", 1.0), ("multiply_", 2.0), ("divide_", 4.0), ("true_divide_", 4.0), ("greater_", 0.0),
                  ("less_", 0.0), ("greater_equal_", 0.5), ("less_equal_", 0.5), ("not_equal_", 0.5), ("arctan2_", x),
                  ("heaviside_", torch.tensor(0.5))]:
    y = x.clone()
    print(name, getattr(y, name)(arg) is y, y)
y = torch.ones(2, 2)
y.addmm_(torch.ones(2, 3), torch.ones(3, 2), beta=0.5)
print(y)
y = torch.tensor([[1., 2], [3, 4]])
y.cumprod_(1)
print(y)
y = torch.tensor([1., float('nan'), float('inf')])
torch.nan_to_num_(y, nan=2.0)
print(y)
