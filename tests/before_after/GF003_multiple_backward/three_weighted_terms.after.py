import torch
from torch import nn

model = nn.Sequential(nn.Linear(16, 32), nn.Tanh(), nn.Linear(32, 4))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
criterion = nn.MSELoss()

for epoch in range(3):
    for inputs, targets in [(torch.randn(8, 16), torch.randn(8, 4))]:
        opt.zero_grad(set_to_none=True)
        preds = model(inputs)
        recon = criterion(preds, targets)
        sparsity = preds.abs().mean()
        smooth = (preds[:, 1:] - preds[:, :-1]).pow(2).mean()
        total_loss = recon + 0.5 * sparsity + smooth / 4
        total_loss.backward()
        opt.step()
