import torch
from torch import nn

parts = {"encoder": nn.Sequential(nn.Linear(6, 8), nn.Dropout(0.2)), "decoder": nn.Linear(8, 6)}
optimizer = torch.optim.Adam([p for m in parts.values() for p in m.parameters()], lr=1e-3)
batches = [torch.randn(16, 6) for _ in range(12)]
for epoch in range(5):
    for name, module in parts.items():
        module.train()
    for x in batches:
        optimizer.zero_grad()
        nn.functional.mse_loss(parts["decoder"](parts["encoder"](x)), x).backward()
        optimizer.step()
    for module in parts.values():
        module.eval()
    with torch.no_grad():
        print(epoch, nn.functional.mse_loss(parts["decoder"](parts["encoder"](batches[0])), batches[0]).item())
