import torch


class Runner:
    def __init__(self, model, optimizer, criterion):
        self.model = model
        self.optimizer = optimizer
        self.criterion = criterion

    def run(self, stream, training=True):
        if training:
            seen = []
            it = iter(stream)
            while True:
                try:
                    sample = next(it)
                except StopIteration:
                    break
                recon = self.model(sample)
                err = self.criterion(recon, sample)
                seen.append(err.item())
                self.optimizer.zero_grad()
                err.backward(retain_graph=True)
                self.optimizer.step()
            return sum(seen) / max(len(seen), 1)
        else:
            recon = self.model(stream[0])
            return recon.detach().numpy()[0]
