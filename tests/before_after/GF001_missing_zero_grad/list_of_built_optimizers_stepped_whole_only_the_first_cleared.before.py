import torch


class Pair:
    def __init__(self, enc, head):
        self.enc, self.head = enc, head
        self.opts = (torch.optim.SGD(enc.parameters(), lr=0.1), torch.optim.Adam(head.parameters(), lr=0.01))

    def fit(self, batches):
        it = iter(batches)
        while (batch := next(it, None)) is not None:
            xb, yb = batch
            self.opts[0].zero_grad(set_to_none=True)
            torch.nn.functional.mse_loss(self.head(self.enc(xb)), yb).backward()
            for o in self.opts:
                o.step()


def train(backbone, classifier, loader, epochs):
    optimizers = [
        torch.optim.AdamW(backbone.parameters(), lr=1e-4),
        torch.optim.SGD(classifier.parameters(), lr=1e-2),
    ]
    for _ in range(epochs):
        for images, labels in loader:
            optimizers[1].zero_grad(set_to_none=True)
            logits = classifier(backbone(images))
            torch.nn.functional.cross_entropy(logits, labels).backward()
            for optimizer in optimizers:
                optimizer.step()
