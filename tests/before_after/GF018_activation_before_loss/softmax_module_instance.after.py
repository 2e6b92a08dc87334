import torch
import torch.nn as nn

net = Net()
softmax = nn.Softmax(dim=1)
ce = nn.CrossEntropyLoss()
opt = torch.optim.SGD(net.parameters(), lr=0.01)

for epoch in range(5):
    for images, labels in train_loader:
        opt.zero_grad()
        outputs = net(images)
        loss = ce(outputs, labels)
        loss.backward()
        opt.step()
