import torch


class Trainer:
    def __init__(self, model, optimizer, accum_steps, max_steps):
        self.model = model
        self.optimizer = optimizer
        self.accum_steps = accum_steps
        self.max_steps = max_steps
        self.global_step = 0

    def fit(self, loader, epochs):
        epoch = 0
        while epoch < epochs:
            for step, batch in enumerate(loader):
                loss = self.model(batch).mean() / self.accum_steps
                loss.backward()
                if (step + 1) % self.accum_steps == 0:
                    self.optimizer.step()
                    self.optimizer.zero_grad()
                    self.global_step += 1
                if self.global_step == self.max_steps:
                    break
            epoch += 1
