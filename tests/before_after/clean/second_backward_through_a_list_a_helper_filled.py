import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
X = torch.randn(64, 8)
Y = torch.randint(0, 3, (64,))
loader = [(X[i:i + 8], Y[i:i + 8]) for i in range(0, 64, 8)]


def forward_with_aux(model, x, store):
    h = model[0](x)
    store.append(0.01 * h.pow(2).mean())
    return model[2](model[1](h))


model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for x, y in loader:
    aux = []
    opt.zero_grad()
    loss = F.cross_entropy(forward_with_aux(model, x, aux), y)
    loss.backward(retain_graph=True)
    gn = float(model[2].weight.grad.norm())
    aux[0].backward()
    opt.step()
print(float(loss))
