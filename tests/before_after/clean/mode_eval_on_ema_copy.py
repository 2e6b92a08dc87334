import copy

import torch

model = Net()
ema = copy.deepcopy(model)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)

model.train()
for epoch in range(epochs):
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()
        with torch.no_grad():
            for p_ema, p in zip(ema.parameters(), model.parameters()):
                p_ema.mul_(0.999).add_(p, alpha=0.001)
    ema.eval()
    with torch.no_grad():
        print(sum(ema(x).argmax(1).eq(y).sum().item() for x, y in val_loader))
