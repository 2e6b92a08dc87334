import torch
from timm.optim import Lookahead


def fit(model, loader):
    optimizer = Lookahead(torch.optim.AdamW(model.parameters(), lr=1e-3), alpha=0.5, k=6)
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
