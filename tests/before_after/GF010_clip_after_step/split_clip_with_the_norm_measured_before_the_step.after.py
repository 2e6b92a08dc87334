# torch's clip in two parts: the gradients' total norm measured with `get_total_norm` before the
# step, then `clip_grads_with_norm_` with that norm after `optimizer.step()`: the step used
# unclipped gradients. The clip moves before the step (the norm is of the same gradients).
import torch
from torch.nn.utils import clip_grads_with_norm_, get_total_norm


def train(model, loader, optimizer, max_norm=1.0):
    for features, targets in loader:
        optimizer.zero_grad(set_to_none=True)
        loss = torch.nn.functional.smooth_l1_loss(model(features), targets)
        loss.backward()
        grads = [p.grad for p in model.parameters() if p.grad is not None]
        total = get_total_norm(grads, norm_type=2.0, foreach=True)
        clip_grads_with_norm_(model.parameters(), max_norm, total, foreach=True)
        optimizer.step()
