# Source: PyTorch tutorials, "Learn the Basics": beginner_source/basics/data_tutorial.py
#   (https://github.com/pytorch/tutorials). Licence: BSD-3-Clause.
# Changed: the tutorial downloads FashionMNIST through torchvision and reads image files with
#   pandas/torchvision.io; a tiny generated data set of 28x28 "images" stands in for both (the
#   custom Dataset keeps the tutorial's structure, with its annotations in a list instead of a CSV
#   file). The matplotlib display is replaced by printing what it would show.
import torch
from torch.utils.data import Dataset
from torch.utils.data import DataLoader

torch.manual_seed(0)

labels_map = {
    0: "T-Shirt",
    1: "Trouser",
    2: "Pullover",
    3: "Dress",
    4: "Coat",
    5: "Sandal",
    6: "Shirt",
    7: "Sneaker",
    8: "Bag",
    9: "Ankle Boot",
}


class CustomImageDataset(Dataset):
    def __init__(self, annotations, images, transform=None, target_transform=None):
        self.img_labels = annotations
        self.images = images
        self.transform = transform
        self.target_transform = target_transform

    def __len__(self):
        return len(self.img_labels)

    def __getitem__(self, idx):
        image = self.images[idx]
        label = self.img_labels[idx]
        if self.transform:
            image = self.transform(image)
        if self.target_transform:
            label = self.target_transform(label)
        return image, label


images = torch.rand(64, 1, 28, 28)
annotations = [int(i) for i in torch.randint(0, 10, (64,))]
training_data = CustomImageDataset(annotations, images)
test_data = CustomImageDataset(annotations[:16], images[:16])

cols, rows = 3, 3
for i in range(1, cols * rows + 1):
    sample_idx = torch.randint(len(training_data), size=(1,)).item()
    img, label = training_data[sample_idx]
    print(i, labels_map[label], tuple(img.squeeze().shape))

train_dataloader = DataLoader(training_data, batch_size=16, shuffle=True)
test_dataloader = DataLoader(test_data, batch_size=16, shuffle=True)

# Display image and label.
train_features, train_labels = next(iter(train_dataloader))
print(f"Feature batch shape: {train_features.size()}")
print(f"Labels batch shape: {train_labels.size()}")
img = train_features[0].squeeze()
label = train_labels[0]
print(f"Label: {label}")
print(img[:2, :6])
