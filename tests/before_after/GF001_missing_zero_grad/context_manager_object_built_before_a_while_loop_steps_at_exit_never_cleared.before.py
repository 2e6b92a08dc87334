import torch


class UpdateOnLeave:
    def __init__(self, optimizer, every=1):
        self.optimizer = optimizer

    def __enter__(self):
        return None

    def __exit__(self, kind, value, tb):
        self.optimizer.step()
        return False


def train(model, optimizer, loader, steps):
    window = UpdateOnLeave(optimizer=optimizer)
    it = iter(loader)
    taken = 0
    while taken < steps:
        inputs, targets = next(it)
        with window:
            loss = torch.nn.functional.cross_entropy(model(inputs), targets)
            loss.backward()
        taken += 1
