import torch
import torch.nn.functional as F
from torch import nn


def cleared_item(parts, batches):
    parts["fisher"] = {name: torch.zeros_like(w) for name, w in parts["model"].named_parameters()}
    for xb, yb in batches:
        parts["model"].zero_grad(set_to_none=True)
        F.cross_entropy(parts["model"](xb), yb).backward()
        for name, w in parts["model"].named_parameters():
            parts["fisher"][name] += w.grad.detach() ** 2
    return parts["fisher"]


def fresh_item_each_batch(parts, batches, make):
    totals = []
    for xb, yb in batches:
        parts["model"] = make()
        F.cross_entropy(parts["model"](xb), yb).backward()
        totals.append(sum(w.grad.abs().sum() for w in parts["model"].parameters()))
    return totals


def dict_handed_to_a_reset(parts, batches, reset):
    totals = []
    for xb, yb in batches:
        reset(parts)
        F.cross_entropy(parts["model"](xb), yb).backward()
        totals.append(sum(w.grad.abs().sum() for w in parts["model"].parameters()))
    return totals


class NormProbe:
    def __init__(self, encoder):
        self.encoder = encoder
        self.history = []

    def __call__(self, batch):
        F.mse_loss(self.encoder(batch), torch.zeros(batch.size(0), 2)).backward()
        self.history.append(torch.stack([w.grad.norm() for w in self.encoder.parameters()]))
        self.encoder.zero_grad(set_to_none=True)


def probe_run(encoder, batches):
    probe = NormProbe(encoder)
    for batch in batches:
        probe(batch)
    return probe.history


if __name__ == "__main__":
    torch.manual_seed(0)
    data = [(torch.randn(5, 4), torch.randint(0, 3, (5,))) for _ in range(3)]
    comps = {"model": nn.Linear(4, 3)}
    cleared_item(comps, data)
    fresh_item_each_batch(comps, data, lambda: nn.Linear(4, 3))
    dict_handed_to_a_reset(comps, data, lambda d: d["model"].zero_grad())
    probe_run(nn.Linear(6, 2), [torch.randn(3, 6) for _ in range(4)])
