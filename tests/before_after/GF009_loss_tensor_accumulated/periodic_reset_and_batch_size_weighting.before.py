import torch.nn as nn
import torch.optim as optim


def train(net, trainloader):
    criterion = nn.CrossEntropyLoss()
    optimizer = optim.SGD(net.parameters(), lr=0.001, momentum=0.9)
    running_loss = 0.0
    for i, (inputs, labels) in enumerate(trainloader):
        optimizer.zero_grad()
        outputs = net(inputs)
        loss = criterion(outputs, labels)
        loss.backward()
        optimizer.step()

        running_loss += loss * inputs.size(0)
        if i % 2000 == 1999:
            print(f"[{i + 1:5d}] loss: {running_loss / 2000:.3f}")
            running_loss = 0.0
