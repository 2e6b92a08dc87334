# The first epoch steps the scheduler and skips the rest of the iteration with `continue`: that
# scheduler step comes before any optimizer step (torch warns) and the schedule's first value
# never sets the rate of an optimizer step. Reported without a fix (the message says the
# iteration skips the optimizer's step).
import torch
import torch.nn.functional as F

net = torch.nn.Linear(3, 1)
optimizer = torch.optim.AdamW(net.parameters(), lr=1e-3)
warm = 4
scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda e: min(1.0, e / warm))
data = [(torch.randn(5, 3), torch.randn(5, 1)) for _ in range(2)]

for ep in range(10):
    if ep == 0:
        scheduler.step()
        continue
    for inputs, targets in data:
        loss = F.mse_loss(net(inputs), targets)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    scheduler.step()
