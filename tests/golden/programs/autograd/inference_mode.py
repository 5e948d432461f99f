import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.inference_mode():
    y = x * 2
    print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
print(y.requires_grad, y.is_inference(), x.is_inference())
print(y)
print(torch.is_inference_mode_enabled())

@torch.inference_mode()
def predict(t):
    return t + 1

print(predict(x).requires_grad)
