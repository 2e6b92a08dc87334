"""A step function holding its own accumulation window. (Its `step % accum == 0` window is off
by one, GF015's business here; a window of another module's step function is not judged yet.)"""
import torch.nn.functional as F


def train_step(model, optimizer, batch, step, accum):
    x, y = batch
    loss = F.binary_cross_entropy_with_logits(model(x), y)
    (loss / accum).backward()
    if step % accum == 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
    return loss.item()
