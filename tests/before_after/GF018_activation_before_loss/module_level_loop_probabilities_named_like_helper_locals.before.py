# A loop at module level names its probabilities `p`, a name the helpers above use for their
# own (a parameter, a comprehension's variable, an assignment): the fix still applies.
import torch
from torch import nn


def param_count(model):
    return sum(p.numel() for p in model.parameters())


def scale(p, factor):
    return p * factor


def first_weight(model):
    p = next(model.parameters())
    return p.flatten()[0].item()


net = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 3))
criterion = nn.NLLLoss()
optimizer = torch.optim.Adam(net.parameters(), lr=0.01)
for x, t in [(torch.randn(4, 6), torch.tensor([0, 1, 2, 0]))] * 5:
    optimizer.zero_grad()
    p = net(x).softmax(dim=-1)
    loss = criterion(p, t)
    loss.backward()
    optimizer.step()
print(param_count(net), first_weight(net))
