import torch
from torch import nn

net = nn.Sequential(nn.Conv2d(3, 8, 3), nn.BatchNorm2d(8), nn.ReLU(), nn.Flatten(), nn.LazyLinear(10))
criterion = nn.CrossEntropyLoss()
opt = torch.optim.Adam(net.parameters(), lr=1e-3)

net.train()
for epoch in range(20):
    # one pass over the training data
    for images, labels in train_loader:
        opt.zero_grad(set_to_none=True)
        loss = criterion(net(images), labels)
        loss.backward()
        opt.step()

    net.eval()
    with torch.no_grad():
        val_loss = sum(criterion(net(x), y).item() for x, y in val_loader)
    print(epoch, val_loss)
