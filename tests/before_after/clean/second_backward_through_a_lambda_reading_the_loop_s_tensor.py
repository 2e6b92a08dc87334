import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
loader = [(torch.randn(4, 8), torch.randint(0, 3, (4,))) for _ in range(8)]
trunk, head = nn.Sequential(nn.Linear(8, 16), nn.ReLU()), nn.Linear(16, 3)
opt = torch.optim.SGD([*trunk.parameters(), *head.parameters()], lr=0.1)
penalty = lambda: 0.01 * h.pow(2).mean()  # noqa: E731
for x, y in loader:
    opt.zero_grad()
    h = trunk(x)
    loss = F.cross_entropy(head(h), y)
    loss.backward(retain_graph=True)
    gn = float(head.weight.grad.norm())
    penalty().backward()
    opt.step()
print(float(loss))
