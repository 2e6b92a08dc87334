# A while loop with accumulation: the step and the scaler's update run under the window test,
# a log statement between the test and the step.
import torch
from torch.amp import GradScaler

net = build_net()
opt = torch.optim.Adam(net.parameters(), lr=3e-4)
amp_scaler = GradScaler("cuda")
step = 0
while step < 10_000:
    x, y = next(batches)
    with torch.autocast("cuda"):
        loss = net(x, y) / 4
    amp_scaler.scale(loss).backward()
    if (step + 1) % 4 == 0:
        if log_every and step % log_every == 0:
            print(step, loss.item())
        opt.step()
        opt.zero_grad()
        amp_scaler.update()
    step += 1
