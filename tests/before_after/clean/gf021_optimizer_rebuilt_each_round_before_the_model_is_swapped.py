import torch
from torch import nn

pool = [(torch.randn(6, 4), torch.randint(0, 2, (6,))) for _ in range(4)]
for round_index in range(3):
    learner = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
    opt = torch.optim.SGD(learner.parameters(), lr=0.1)
    best = None
    best_score = -1.0
    for epoch in range(2):
        for x, y in pool:
            opt.zero_grad(set_to_none=True)
            nn.functional.cross_entropy(learner(x), y).backward()
            opt.step()
        score = -float(epoch)
        if score > best_score:
            best = learner
            best_score = score
    learner = best  # the next round builds a new learner and optimizer
    print(round_index, sum(p.sum().item() for p in learner.parameters()))
