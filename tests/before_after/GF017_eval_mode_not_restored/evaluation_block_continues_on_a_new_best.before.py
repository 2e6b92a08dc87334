# The periodic evaluation switches to eval mode and, on a new best score, `continue`s before
# its end: a `model.train()` appended to the block would be skipped on that path. Reported
# without a fix (switch back right after the evaluation).
import torch
import torch.nn.functional as F


def train(model, optimizer, batches, val_batch, eval_every=100):
    model.train()
    best = float("inf")
    for step, (x, y) in enumerate(batches):
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()
        if step % eval_every == 0:
            model.eval()
            with torch.no_grad():
                val = F.mse_loss(model(val_batch[0]), val_batch[1]).item()
            if val < best:
                best = val
                torch.save(model.state_dict(), "best.pt")
                continue
            print(step, val)
