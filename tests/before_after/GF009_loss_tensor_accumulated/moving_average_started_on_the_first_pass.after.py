# A smoothed loss for the progress print, started from the first batch's loss: after that
# every step's graph is chained into it.
import torch
import torch.nn.functional as F

net = torch.nn.Linear(3, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
for step, (x, y) in enumerate([(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(6)]):
    opt.zero_grad()
    loss = F.mse_loss(net(x), y)
    loss.backward()
    opt.step()
    smooth = loss.detach() if step == 0 else 0.98 * smooth + 0.02 * loss.detach()
    print(f"{step}: {smooth.item():.3f}")
