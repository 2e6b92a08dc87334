import torch
import torch.nn.functional as F

encoder = torch.nn.Linear(8, 8)
optimizer = torch.optim.Adam(encoder.parameters(), lr=1e-3)
accum = 4


def info_nce(a, b):
    logits = F.normalize(a, dim=1) @ F.normalize(b, dim=1).t() / 0.2
    return F.cross_entropy(logits, torch.arange(a.shape[0]))


for epoch in range(2):
    for i, (v1, v2) in enumerate(loader):
        loss = info_nce(encoder(v1), encoder(v2))
        (loss / accum).backward()
        if (i + 1) % accum == 0 or (i + 1) == len(loader):
            optimizer.step()
            optimizer.zero_grad()
