import torch
import torch.nn.functional as F
from torch.func import vmap

x = torch.zeros(3, 2)
torch.manual_seed(0)
print(vmap(lambda a: a + torch.randn(2), randomness="different")(x))
torch.manual_seed(0)
print(torch.randn(3, 2))
torch.manual_seed(0)
print(vmap(lambda a: a + torch.randn(2), randomness="same")(x))
torch.manual_seed(0)
print(vmap(lambda a: torch.rand_like(a), randomness="different")(x))
torch.manual_seed(0)
print(vmap(lambda a: torch.rand_like(a), randomness="same")(x))
torch.manual_seed(0)
print(vmap(lambda a: F.dropout(a + 1, 0.5), randomness="different")(torch.zeros(3, 4)))
torch.manual_seed(0)
print(vmap(lambda a: F.dropout(a + 1, 0.5), randomness="same")(torch.zeros(3, 4)))
torch.manual_seed(0)
print(vmap(lambda a: torch.randint(0, 10, (3,)), randomness="different")(x))
