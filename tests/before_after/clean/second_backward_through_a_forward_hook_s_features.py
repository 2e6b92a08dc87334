import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
X = torch.randn(64, 8)
Y = torch.randint(0, 3, (64,))
loader = [(X[i:i + 8], Y[i:i + 8]) for i in range(0, 64, 8)]
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))
feats = {}


def save(module, inputs, output):      # the usual feature-capture hook
    feats["h"] = output


model[1].register_forward_hook(save)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for x, y in loader:
    opt.zero_grad()
    loss = F.cross_entropy(model(x), y)
    loss.backward(retain_graph=True)
    gn = float(model[2].weight.grad.norm())      # gradient read: not a GF003 split
    (0.01 * feats["h"].pow(2).mean()).backward()
    opt.step()
print(float(loss))
