# Source: PyTorch tutorials, "Model ensembling" (intermediate_source/ensembling.py,
#   https://github.com/pytorch/tutorials). Licence: BSD-3-Clause.
# Changed: device 'cpu' (not 'cuda'); smaller sizes for run time on the pure-Python backend (4 models
#   (not 10), minibatches of 8 images of 8x8 (not 64 of 28x28), 10 minibatches (not 100), an MLP
#   64->32->32->10 (not 784->128->128->10)); the timing comparison (torch.utils.benchmark) is left
#   out; prints of the predictions.
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

# Here's a simple MLP
class SimpleMLP(nn.Module):
    def __init__(self):
        super(SimpleMLP, self).__init__()
        self.fc1 = nn.Linear(64, 32)
        self.fc2 = nn.Linear(32, 32)
        self.fc3 = nn.Linear(32, 10)

    def forward(self, x):
        x = x.flatten(1)
        x = self.fc1(x)
        x = F.relu(x)
        x = self.fc2(x)
        x = F.relu(x)
        x = self.fc3(x)
        return x


device = 'cpu'
num_models = 4

data = torch.randn(10, 8, 1, 8, 8, device=device)
targets = torch.randint(10, (80,), device=device)

models = [SimpleMLP().to(device) for _ in range(num_models)]

minibatches = data[:num_models]
predictions_diff_minibatch_loop = [model(minibatch) for model, minibatch in zip(models, minibatches)]

minibatch = data[0]
predictions2 = [model(minibatch) for model in models]

from torch.func import stack_module_state

params, buffers = stack_module_state(models)

from torch.func import functional_call
import copy

base_model = copy.deepcopy(models[0])
base_model = base_model.to('meta')

def fmodel(params, buffers, x):
    return functional_call(base_model, (params, buffers), (x,))

print([p.size(0) for p in params.values()]) # show the leading 'num_models' dimension

assert minibatches.shape == (num_models, 8, 1, 8, 8) # verify minibatch has leading dimension of size 'num_models'

from torch import vmap

predictions1_vmap = vmap(fmodel)(params, buffers, minibatches)

# verify the vmap predictions match the
assert torch.allclose(predictions1_vmap, torch.stack(predictions_diff_minibatch_loop), atol=1e-3, rtol=1e-5)

predictions2_vmap = vmap(fmodel, in_dims=(0, 0, None))(params, buffers, minibatch)

assert torch.allclose(predictions2_vmap, torch.stack(predictions2), atol=1e-3, rtol=1e-5)

print(predictions1_vmap.shape, predictions2_vmap.shape)
print(predictions1_vmap[1, :2])
print(predictions2_vmap[3, 0])
