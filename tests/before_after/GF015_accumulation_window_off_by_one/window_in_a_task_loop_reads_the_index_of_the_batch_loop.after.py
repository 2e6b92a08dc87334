import torch

ACCUM_STEPS = 8


class MultiTaskTrainer:
    def __init__(self, encoder, heads, optimizer):
        self.encoder = encoder
        self.heads = heads
        self.optimizer = optimizer

    def fit(self, loader):
        for step, sample in enumerate(loader, start=0):
            features = self.encoder(sample["x"])
            for name in ("depth", "seg"):
                loss = torch.nn.functional.l1_loss(self.heads[name](features), sample[name])
                (loss / ACCUM_STEPS).backward(retain_graph=True)
                if (step + 1) % ACCUM_STEPS == 0 or step == len(loader) - 1:
                    self.optimizer.step()
                    self.optimizer.zero_grad()
