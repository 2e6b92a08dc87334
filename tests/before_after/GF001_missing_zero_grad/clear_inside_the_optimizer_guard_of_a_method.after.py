import torch


class Runner:
    def __init__(self, model, optimizer=None):
        self.model = model
        self.optimizer = optimizer

    def run(self, loader):
        it = iter(loader)
        while (batch := next(it, None)) is not None:
            if self.optimizer:
                self.optimizer.zero_grad(set_to_none=True)
                out = self.model(batch["x"])
                loss = torch.nn.functional.mse_loss(out, batch["y"])
                loss.backward()
                self.optimizer.step()
