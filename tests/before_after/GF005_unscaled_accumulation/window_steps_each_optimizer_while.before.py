import torch
from torch import nn


class TwoPartTrainer:
    """Generator and critic heads stepped together at the end of each window."""

    def __init__(self, backbone: nn.Module, head: nn.Module, loader, window: int = 8):
        self.backbone = backbone
        self.head = head
        self.loader = loader
        self.window = window
        self.opts = [
            torch.optim.AdamW(backbone.parameters(), lr=3e-4),
            torch.optim.SGD(head.parameters(), lr=1e-2),
        ]

    def fit(self, total_steps: int) -> None:
        seen = 0
        batches = iter(self.loader)
        while seen < total_steps:
            inputs, labels = next(batches)
            logits = self.head(self.backbone(inputs))
            objective = nn.functional.cross_entropy(logits, labels)
            objective.backward()
            seen += 1
            if seen % self.window == 0:
                for each in self.opts:
                    each.step()
                    each.zero_grad(set_to_none=True)
