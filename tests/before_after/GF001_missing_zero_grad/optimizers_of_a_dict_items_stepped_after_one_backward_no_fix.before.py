# Buggy: a generator and a head, each with its own optimizer kept in a dict; one backward per
# batch, then every optimizer stepped through `.items()` (the name only logged): nothing ever
# clears. Reported without a fix (the clear belongs to each entry, like `.values()`).
import torch


def fit(backbone, head, loader, log):
    optimizers = {
        "backbone": torch.optim.Adam(backbone.parameters(), lr=1e-3),
        "head": torch.optim.Adam(head.parameters(), lr=1e-3),
    }
    step = 0
    while step < 1000:
        for x, y in loader:
            loss = torch.nn.functional.cross_entropy(head(backbone(x)), y)
            loss.backward()
            for label, optimizer in optimizers.items():
                optimizer.step()
                log(label, step)
            step += 1
