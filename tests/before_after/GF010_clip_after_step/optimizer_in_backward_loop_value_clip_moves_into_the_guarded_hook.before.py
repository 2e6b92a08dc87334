"""Optimizers stepped in backward by a guarded hook; the loop clamps the gradients after the
backward that already stepped on them. The clamp belongs in the hook, before the step."""

import torch
import torch.nn as nn
from torch.nn.utils import clip_grad_value_

GRAD_CAP = 0.25


def run(net, batches, total):
    per_weight = {}
    for w in net.parameters():
        per_weight[w] = torch.optim.RMSprop([w], lr=1e-3)

    def update(w):
        if w.grad is None:
            return
        per_weight[w].step()
        per_weight[w].zero_grad(set_to_none=True)

    handles = [w.register_post_accumulate_grad_hook(update) for w in net.parameters()]
    done = 0
    while done < total:
        features, labels = batches[done % len(batches)]
        nn.functional.cross_entropy(net(features), labels).backward()
        clip_grad_value_(net.parameters(), GRAD_CAP)
        done += 1
    for handle in handles:
        handle.remove()


if __name__ == "__main__":
    torch.manual_seed(1)
    model = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 3))
    run(model, [(torch.randn(8, 6), torch.randint(0, 3, (8,))) for _ in range(4)], 12)
