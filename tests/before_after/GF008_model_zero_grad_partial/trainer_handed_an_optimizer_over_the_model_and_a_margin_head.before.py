# A trainer is handed a backbone, a margin head with weights of its own, and an optimizer built
# over both; it clears only the backbone, so the head's gradients pile up from step to step.
import torch
import torch.nn.functional as F
from torch import nn


class MarginHead(nn.Module):
    def __init__(self, features, classes, margin=0.2):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(classes, features) * 0.01)
        self.margin = margin

    def forward(self, embeddings, labels):
        logits = F.normalize(embeddings) @ F.normalize(self.weight).t()
        logits = logits - self.margin * F.one_hot(labels, logits.shape[1])
        return F.cross_entropy(16.0 * logits, labels)


class Trainer:
    def __init__(self, backbone, head, optimizer):
        self.backbone = backbone
        self.head = head
        self.optimizer = optimizer

    def train_epoch(self, batches):
        for images, labels in batches:
            self.backbone.zero_grad()
            loss = self.head(self.backbone(images), labels)
            loss.backward()
            self.optimizer.step()


def main():
    backbone = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 16))
    head = MarginHead(16, 10)
    optimizer = torch.optim.SGD(list(backbone.parameters()) + list(head.parameters()), lr=0.1, momentum=0.9)
    trainer = Trainer(backbone, head, optimizer)
    for epoch in range(5):
        trainer.train_epoch([(torch.randn(64, 32), torch.randint(0, 10, (64,))) for _ in range(10)])


if __name__ == "__main__":
    main()
