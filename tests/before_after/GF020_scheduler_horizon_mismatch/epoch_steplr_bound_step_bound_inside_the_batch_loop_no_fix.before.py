# `tick` is bound inside the batch loop: moved after it, the call could meet an unbound name
# (an empty loader), so even the unsafe fix is not offered.
import torch

EPOCHS = 12


def fit(net, batches):
    adam = torch.optim.Adam(net.parameters(), lr=1e-3)
    sched = torch.optim.lr_scheduler.StepLR(adam, step_size=EPOCHS // 3, gamma=0.1)
    for epoch in range(EPOCHS):
        for xb, yb in batches:
            tick = sched.step
            adam.zero_grad(set_to_none=True)
            torch.nn.functional.mse_loss(net(xb), yb).backward()
            adam.step()
            tick()
