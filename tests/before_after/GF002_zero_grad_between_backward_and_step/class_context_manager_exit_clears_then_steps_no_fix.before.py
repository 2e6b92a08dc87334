import torch


class UpdateScope:
    """Entered around each batch: the update happens when the block ends."""

    def __init__(self, optim, clip):
        self.optim = optim
        self.clip = clip

    def __enter__(self):
        return self

    def _apply(self):
        self.optim.zero_grad()
        self.optim.step()

    def __exit__(self, exc_type, exc, tb):
        self._apply()
        return None


def train(network, optim, stream):
    for features, labels in stream:
        with UpdateScope(optim, clip=1.0):
            logits = network(features)
            torch.nn.functional.cross_entropy(logits, labels).backward()
