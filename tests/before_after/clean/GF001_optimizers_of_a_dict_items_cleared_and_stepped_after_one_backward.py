# Clean: the same dict of optimizers walked by `.items()` twice per batch: cleared before the
# backward, stepped after it (the clear loop unpacks the pair the other way round, `key, opt`).
import torch


def fit(backbone, head, loader, log):
    optimizers = {
        "backbone": torch.optim.Adam(backbone.parameters(), lr=1e-3),
        "head": torch.optim.Adam(head.parameters(), lr=1e-3),
    }
    step = 0
    while step < 1000:
        for x, y in loader:
            for key, opt in optimizers.items():
                opt.zero_grad(set_to_none=True)
            loss = torch.nn.functional.cross_entropy(head(backbone(x)), y)
            loss.backward()
            for label, optimizer in optimizers.items():
                optimizer.step()
                log(label, step)
            step += 1
