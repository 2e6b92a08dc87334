import torch

from framework import BaseRunner


class ClassifierRunner(BaseRunner):
    def __init__(self, model, lr=0.1):
        super().__init__()
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=lr)

    def run_epoch(self, loader):
        for batch in loader:
            # the base class runs its hooks here; one of them may clear the gradients
            self.call_hooks("before_iteration")
            loss = self.model(batch["x"]).log_softmax(-1).gather(1, batch["y"][:, None]).mean().neg()
            loss.backward()
            self.optimizer.step()
