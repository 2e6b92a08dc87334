import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
ds = TensorDataset(torch.randn(96, 8), torch.randint(0, 3, (96,)))
model = nn.Sequential(nn.Linear(8, 16), nn.BatchNorm1d(16), nn.ReLU(), nn.Dropout(0.3), nn.Linear(16, 3))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
loader = DataLoader(ds, batch_size=16, shuffle=True)
val_loader = DataLoader(ds, batch_size=32)
test_loader = DataLoader(TensorDataset(torch.randn(64, 8) * 3, torch.randint(0, 3, (64,))), batch_size=32)


def validate(net, vl):
    net.eval()
    with torch.no_grad():
        return sum(F.cross_entropy(net(x), y).item() for x, y in vl)


model.train()
for epoch in range(3):
    for x, y in loader:
        opt.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
    val = validate(model, val_loader)
    with torch.no_grad():
        test = sum(F.cross_entropy(model(x), y).item() for x, y in test_loader)
    print(epoch, val, test)
print("final", float(loss))
