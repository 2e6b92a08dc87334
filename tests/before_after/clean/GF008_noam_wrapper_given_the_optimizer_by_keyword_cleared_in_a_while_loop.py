import torch


class Noam:
    def __init__(self, d_model, warmup, optimizer):
        self.optimizer = optimizer
        self.d_model = d_model
        self.warmup = warmup

    def zero_grad(self):
        self.optimizer.zero_grad()


def fit(model, data, steps):
    adam = torch.optim.Adam(model.parameters(), lr=0.0)
    schedule = Noam(512, 4000, optimizer=adam)
    it = iter(data)
    done = 0
    while done < steps:
        x, y = next(it)
        schedule.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        adam.step()
        done += 1
