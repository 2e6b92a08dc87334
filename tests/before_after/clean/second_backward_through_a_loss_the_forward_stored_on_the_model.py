import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
X = torch.randn(64, 8)
Y = torch.randint(0, 3, (64,))
loader = [(X[i:i + 8], Y[i:i + 8]) for i in range(0, 64, 8)]


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(8, 16), nn.ReLU())
        self.head = nn.Linear(16, 3)
        self.aux_loss = None

    def forward(self, x):
        h = self.trunk(x)
        self.aux_loss = 0.01 * h.pow(2).mean()
        return self.head(h)


net = Net()
opt = torch.optim.SGD(net.parameters(), lr=0.1)
use_aux = True
for x, y in loader:
    opt.zero_grad()
    loss = F.cross_entropy(net(x), y)
    loss.backward(retain_graph=True)
    if use_aux:
        net.aux_loss.backward()
    opt.step()
print(float(loss))
