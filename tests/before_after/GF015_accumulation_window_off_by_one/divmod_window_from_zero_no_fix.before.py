# A window tested through `divmod` of the `enumerate` index counted from 0 (`epoch_windows, r =
# divmod(i, accum)`, the step when `r == 0`): the first window holds 1 micro-batch. Reported
# without a fix: `divmod(i + 1, accum)` would change the quotient the loop also reads.
import torch


def train(model, optimizer, loader, accum=4):
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.cross_entropy(model(x), y) / accum
        loss.backward()
        epoch_windows, r = divmod(i, accum)
        if r == 0:
            optimizer.step()
            optimizer.zero_grad()
            print(epoch_windows)
    return model
