import torch


class MultiTask:
    def __init__(self, heads):
        self.heads = heads
        self.optimizers = {k: torch.optim.SGD(h.parameters(), lr=0.1) for k, h in heads.items()}
        self.schedulers = {k: torch.optim.lr_scheduler.StepLR(o, 2) for k, o in self.optimizers.items()}

    def epoch(self, batches):
        for x, targets in batches:
            for k, head in self.heads.items():
                self.optimizers[k].zero_grad()
                torch.nn.functional.mse_loss(head(x), targets[k]).backward()
                self.optimizers[k].step()
        self.schedulers["cls"].step
