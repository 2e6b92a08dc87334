import torch

backbone = torch.nn.Linear(5, 5)
head = torch.nn.Linear(5, 1)
name = "Adam"
opt = getattr(torch.optim, name)(list(backbone.parameters()) + list(head.parameters()), lr=1e-3)
steps = 0
while steps < 100:
    head.zero_grad()
    head(backbone(torch.randn(4, 5))).pow(2).mean().backward()
    opt.step()
    steps += 1
