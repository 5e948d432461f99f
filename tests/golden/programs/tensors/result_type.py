import torch
print(torch.result_type(torch.tensor([1, 2]), 1.0))
print(torch.result_type(torch.tensor([1, 2], dtype=torch.uint8), torch.tensor([1], dtype=torch.int8)))
print(torch.result_type(torch.tensor([1.0]), torch.tensor([1.0], dtype=torch.float64)))
print(torch.result_type(torch.tensor(True), 5))
print(torch.promote_types(torch.int32, torch.float32))
print(torch.promote_types(torch.uint8, torch.int8))
print(torch.can_cast(torch.float32, torch.int32), torch.can_cast(torch.int32, torch.float32))
