import torch
import torch.nn.functional as F


class ElasticWeightConsolidation:
    def __init__(self, model):
        self.model = model
        self.importance = {n: torch.zeros_like(p) for n, p in model.named_parameters()}

    def consolidate(self, loader):
        self.model.eval()
        for x, y in loader:
            loss = F.cross_entropy(self.model(x), y)
            loss.backward()
            for n, p in self.model.named_parameters():
                if p.grad is not None:
                    self.importance[n] += p.grad.detach() ** 2 / len(loader)
