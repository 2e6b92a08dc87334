import torch
from torch import nn

trunk = nn.Sequential(nn.Linear(12, 32), nn.ReLU())
head_cls = nn.Linear(32, 3)
head_reg = nn.Linear(32, 1)
log_vars = nn.Parameter(torch.zeros(2))
opt = torch.optim.Adam([*trunk.parameters(), *head_cls.parameters(), *head_reg.parameters(), log_vars], lr=1e-2)

for x, yc, yr in loader:
    for m in (trunk, head_cls, head_reg):
        m.zero_grad()
    h = trunk(x)
    l_cls = nn.functional.cross_entropy(head_cls(h), yc)
    l_reg = nn.functional.mse_loss(head_reg(h), yr)
    loss = torch.exp(-log_vars[0]) * l_cls + log_vars[0] + torch.exp(-log_vars[1]) * l_reg + log_vars[1]
    loss.backward()
    opt.step()
