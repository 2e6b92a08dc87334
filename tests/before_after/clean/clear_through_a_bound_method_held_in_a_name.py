import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
X = torch.randn(64, 8)
Y = torch.randint(0, 3, (64,))
loader = [(X[i:i + 8], Y[i:i + 8]) for i in range(0, 64, 8)]
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))
opt = torch.optim.Adam(model.parameters(), lr=1e-2)
reset = opt.zero_grad
for epoch in range(2):
    for x, y in loader:
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        reset()
print(float(loss))
