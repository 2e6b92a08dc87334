# `adapt` switches the `nn.Sequential(backbone, ...)` it trains to train mode (and the
# backbone with it); `adapt_copy` trains a deep copy of the backbone: the evaluated one is
# not trained there. Nothing to report.
import torch

from finetune import adapt, adapt_copy


def run(backbone, batches, rounds):
    opt = torch.optim.SGD(backbone.parameters(), lr=0.05, momentum=0.9)
    for r in range(rounds):
        backbone.train()
        for x, _ in batches:
            opt.zero_grad()
            backbone(x).var(0).sub(1).abs().mean().backward()
            opt.step()
        backbone.eval()
        with torch.no_grad():
            spread = torch.stack([backbone(x).std() for x, _ in batches]).mean()
        print(r, float(spread), adapt(backbone, batches, n_classes=4))


def run_on_copies(backbone, batches, rounds):
    opt = torch.optim.SGD(backbone.parameters(), lr=0.05, momentum=0.9)
    for r in range(rounds):
        backbone.train()
        for x, _ in batches:
            opt.zero_grad()
            backbone(x).var(0).sub(1).abs().mean().backward()
            opt.step()
        backbone.eval()
        with torch.no_grad():
            spread = torch.stack([backbone(x).std() for x, _ in batches]).mean()
        print(r, float(spread), adapt_copy(backbone, batches, n_classes=4))
