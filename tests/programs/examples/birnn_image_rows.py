# golden: not-on=python
# Source: Yunjey Choi, pytorch-tutorial, tutorials/02-intermediate/bidirectional_recurrent_neural_network/main.py
#   (https://github.com/yunjey/pytorch-tutorial). Licence: MIT.
# Changed: MNIST comes through torchvision's download; a generated stand-in takes its place: 200
#   training and 100 test "digits" of 14x14 (not 60,000 and 10,000 of 28x28; label k lights up row
#   pair k or column pair k-7, over noise, in [0, 1] as transforms.ToTensor() leaves them), so
#   sequence_length and input_size are 14 (not 28) and hidden_size 32 (not 128); batch 20 (not 100), 2 epochs
#   printing every 5 steps (not 100) (CI time); the training loader is seeded (torch.manual_seed) as
#   its shuffle draws from torch's generator; the test message counts 100 images (not 10000);
#   saving the checkpoint is left out.
import torch
import torch.nn as nn
from torch.utils.data import TensorDataset

torch.manual_seed(0)

# Device configuration
device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

# Hyper-parameters
sequence_length = 14
input_size = 14
hidden_size = 32
num_layers = 2
num_classes = 10
batch_size = 20
num_epochs = 2
learning_rate = 0.003


def tiny_mnist(n):
    labels = torch.randint(0, 10, (n,))
    images = torch.rand(n, 1, 14, 14) * 0.3
    for i, k in enumerate(labels.tolist()):
        if k < 7:
            images[i, 0, 2 * k:2 * k + 2, :] += 0.7
        else:
            images[i, 0, :, 4 * (k - 7):4 * (k - 7) + 2] += 0.7
    return TensorDataset(images, labels)


# MNIST dataset
train_dataset = tiny_mnist(200)
test_dataset = tiny_mnist(100)

# Data loader
train_loader = torch.utils.data.DataLoader(dataset=train_dataset,
                                           batch_size=batch_size,
                                           shuffle=True)

test_loader = torch.utils.data.DataLoader(dataset=test_dataset,
                                          batch_size=batch_size,
                                          shuffle=False)

# Bidirectional recurrent neural network (many-to-one)
class BiRNN(nn.Module):
    def __init__(self, input_size, hidden_size, num_layers, num_classes):
        super(BiRNN, self).__init__()
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.lstm = nn.LSTM(input_size, hidden_size, num_layers, batch_first=True, bidirectional=True)
        self.fc = nn.Linear(hidden_size*2, num_classes)  # 2 for bidirection

    def forward(self, x):
        # Set initial states
        h0 = torch.zeros(self.num_layers*2, x.size(0), self.hidden_size).to(device) # 2 for bidirection
        c0 = torch.zeros(self.num_layers*2, x.size(0), self.hidden_size).to(device)

        # Forward propagate LSTM
        out, _ = self.lstm(x, (h0, c0))  # out: tensor of shape (batch_size, seq_length, hidden_size*2)

        # Decode the hidden state of the last time step
        out = self.fc(out[:, -1, :])
        return out

model = BiRNN(input_size, hidden_size, num_layers, num_classes).to(device)


# Loss and optimizer
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=learning_rate)

# Train the model
total_step = len(train_loader)
for epoch in range(num_epochs):
    for i, (images, labels) in enumerate(train_loader):
        images = images.reshape(-1, sequence_length, input_size).to(device)
        labels = labels.to(device)

        # Forward pass
        outputs = model(images)
        loss = criterion(outputs, labels)

        # Backward and optimize
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()

        if (i+1) % 5 == 0:
            print ('Epoch [{}/{}], Step [{}/{}], Loss: {:.4f}'
                   .format(epoch+1, num_epochs, i+1, total_step, loss.item()))

# Test the model
with torch.no_grad():
    correct = 0
    total = 0
    for images, labels in test_loader:
        images = images.reshape(-1, sequence_length, input_size).to(device)
        labels = labels.to(device)
        outputs = model(images)
        _, predicted = torch.max(outputs.data, 1)
        total += labels.size(0)
        correct += (predicted == labels).sum().item()

    print('Test Accuracy of the model on the 100 test images: {} %'.format(100 * correct / total))
