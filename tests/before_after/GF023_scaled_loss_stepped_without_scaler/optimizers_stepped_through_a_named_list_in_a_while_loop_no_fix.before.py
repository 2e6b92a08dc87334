"""The loss is scaled for the backward, then every optimizer of a list bound once (and never grown) is stepped
directly in a `for`: the steps apply gradients still multiplied by the loss scale. Reported
without a fix."""
import torch
import torch.nn.functional as F
from torch import nn

trunk, branch = nn.Linear(3, 3), nn.Linear(3, 2)
trunk_opt = torch.optim.Adam(trunk.parameters())
branch_opt = torch.optim.Adam(branch.parameters())
optimizers = [trunk_opt, branch_opt]
grad_scaler = torch.cuda.amp.GradScaler()
step = 0
while step < 20:
    x, y = torch.randn(4, 3), torch.randn(4, 2)
    for optimizer in optimizers:
        optimizer.zero_grad()
    grad_scaler.scale(F.mse_loss(branch(trunk(x)), y)).backward()
    for optimizer in optimizers:
        optimizer.step()
    grad_scaler.update()
    step += 1
