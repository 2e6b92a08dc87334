# A window tested through `divmod` (`windows, rest = divmod(step + 1, accum)`, the step when
# `rest == 0`): read as `(step + 1) % accum == 0`. No step after the loop, so the micro-batches
# after the last full window are dropped; the flush tests the remainder the loop left,
# `rest != 0`.
import torch


def train(model, optimizer, loader, accum=4):
    rest = 0  # the flush after the loop reads it, also when the loop runs no batch
    for step, (x, y) in enumerate(loader):
        loss = torch.nn.functional.cross_entropy(model(x), y) / accum
        loss.backward()
        windows, rest = divmod(step + 1, accum)
        if rest == 0:
            optimizer.step()
            optimizer.zero_grad()
            print(f"update {windows}")

    # the last micro-batches did not fill a whole window: step on them too
    if rest != 0:
        optimizer.step()
        optimizer.zero_grad()
    return model
