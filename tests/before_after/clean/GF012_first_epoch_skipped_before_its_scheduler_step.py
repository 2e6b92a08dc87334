# The first epoch is skipped whole (`continue` before anything): its scheduler step, at the end
# of the iteration, is skipped with it. Every scheduler step follows the epoch's optimizer steps.
import torch
import torch.nn.functional as F

net = torch.nn.Linear(3, 1)
optimizer = torch.optim.AdamW(net.parameters(), lr=1e-3)
scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda e: 0.9 ** e)
data = [(torch.randn(5, 3), torch.randn(5, 1)) for _ in range(2)]

for ep in range(10):
    if ep == 0:
        continue
    for inputs, targets in data:
        loss = F.mse_loss(net(inputs), targets)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    scheduler.step()
