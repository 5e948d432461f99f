# Source: PyTorch tutorials, "Learn the Basics": beginner_source/basics/saveloadrun_tutorial.py
#   (https://github.com/pytorch/tutorials). Licence: BSD-3-Clause.
# Changed: the tutorial downloads torchvision's pretrained VGG16; a small model with random weights
#   stands in for it. Seeded. The save/load calls are the tutorial's.
import torch
from torch import nn

torch.manual_seed(0)


def small_vgg():
    return nn.Sequential(nn.Conv2d(3, 4, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                         nn.Flatten(), nn.Linear(4 * 4 * 4, 10))


model = small_vgg()
torch.save(model.state_dict(), 'model_weights.pth')

model = small_vgg() # we do not specify ``weights``, i.e. create untrained model
model.load_state_dict(torch.load('model_weights.pth', weights_only=True))
model.eval()
print(model)

torch.save(model, 'model.pth')

model = torch.load('model.pth', weights_only=False)
print(model(torch.ones(1, 3, 8, 8)))
