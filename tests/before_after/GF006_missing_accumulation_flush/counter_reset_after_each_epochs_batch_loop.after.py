"""The window counter is set to 0 once before the epochs and set back to 0 after each epoch's
batch loop: every pass starts a fresh count, so the micro-batches after the last full window
are left in the gradients (they spill into the next epoch's first window, and the last epoch's
are never stepped). The flush goes after the batch loop, before the reset."""
import torch
import torch.nn.functional as F


def fit(net, batches, accum_steps, n_epochs):
    optim = torch.optim.SGD(net.parameters(), lr=0.05)
    micro = 0
    for epoch in range(n_epochs):
        for inputs, targets in batches:
            loss = F.cross_entropy(net(inputs), targets)
            (loss / accum_steps).backward()
            micro += 1
            if micro % accum_steps == 0:
                optim.step()
                optim.zero_grad()

        # the last micro-batches did not fill a whole window: step on them too
        if micro % accum_steps != 0:
            optim.step()
            optim.zero_grad()
        print(f"epoch {epoch} done")
        micro = 0
