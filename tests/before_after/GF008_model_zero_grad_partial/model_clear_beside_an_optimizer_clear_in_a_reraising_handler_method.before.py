import torch


class Trainer:
    def __init__(self, encoder, head):
        self.encoder = encoder
        self.head = head
        self.optim = torch.optim.Adam([*encoder.parameters(), *head.parameters()], lr=1e-3)

    def train_epoch(self, loader):
        step = 0
        it = iter(loader)
        while step < len(loader):
            feats, labels = next(it)
            step += 1
            self.encoder.zero_grad(set_to_none=True)
            try:
                out = self.head(self.encoder(feats))
                torch.nn.functional.cross_entropy(out, labels).backward()
            except FloatingPointError:
                self.optim.zero_grad(set_to_none=True)
                raise
            self.optim.step()
