import torch


class OptimFactory:
    def __init__(self, model, momentum):
        self.model = model
        self.momentum = momentum

    def create(self):
        return torch.optim.SGD(self.model.parameters(), lr=0.05, momentum=0.9, nesterov=True)


def run(model, stream, steps):
    factory = OptimFactory(model, 0.9)
    done = 0
    while done < steps:
        x, y = next(stream)
        opt = factory.create()
        opt.zero_grad()
        torch.nn.functional.l1_loss(model(x), y).backward()
        opt.step()
        done += 1
