import torch


class Applied:
    def __init__(self, optimizer, clip=None):
        self.optimizer = optimizer
        self.clip = clip

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        self.optimizer.step()
        self.optimizer.zero_grad()


class Runner:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer

    def run(self, pairs):
        i = 0
        while i < len(pairs):
            self.optimizer.zero_grad(set_to_none=True)
            source, target = pairs[i]
            with Applied(self.optimizer):
                error = torch.nn.functional.l1_loss(self.model(source), target)
                error.backward()
            i += 1
