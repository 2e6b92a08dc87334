import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
X = torch.randn(96, 8)
Y = torch.randint(0, 3, (96,))
ds = TensorDataset(X, Y)


def make_model():
    return nn.Sequential(nn.Linear(8, 16), nn.BatchNorm1d(16), nn.ReLU(), nn.Dropout(0.3), nn.Linear(16, 3))

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(8, 16), nn.BatchNorm1d(16), nn.ReLU())
        self.head = nn.Sequential(nn.Dropout(0.3), nn.Linear(16, 3))

    def forward(self, x):
        return self.head(self.backbone(x))


def validate(net, vl):
    net.eval()
    with torch.no_grad():
        return sum(F.cross_entropy(net(x), y).item() for x, y in vl)


model = Net()
opt = torch.optim.SGD(model.head.parameters(), lr=0.1)
loader = DataLoader(ds, batch_size=16, shuffle=True)
val_loader = DataLoader(ds, batch_size=32)
model.eval()
model.head.train()
for epoch in range(3):
    for x, y in loader:
        opt.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
    print(epoch, validate(model, val_loader))

print("RESULT", "%.8f" % float(loss), "%.8f" % sum(float(p.double().sum()) for p in model.parameters()))
