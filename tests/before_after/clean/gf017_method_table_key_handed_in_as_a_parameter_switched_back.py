import torch
import torch.nn.functional as F
from torch import nn


class Runner:
    def __init__(self, model, loader):
        self.model = model
        self.loader = loader
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)
        self.handlers = {"train": self.train_epoch, "val": self.evaluate}

    def train_epoch(self, data):
        self.model.train()
        for x, y in data:
            self.opt.zero_grad(set_to_none=True)
            F.mse_loss(self.model(x), y).backward()
            self.opt.step()

    def evaluate(self, data):
        self.model.eval()
        with torch.no_grad():
            return [self.model(x) for x, _ in data]

    def run(self, phase):
        return self.handlers[phase](self.loader)

    def fit(self, epochs):
        for _ in range(epochs):
            self.run("train")
            self.run("val")

    def fit_by_name(self, epochs):
        for _ in range(epochs):
            for phase in ("train", "val"):
                self.run(phase)

    def fit_then_score(self, epochs):
        for _ in range(epochs):
            self.run("train")
        return self.run("val")


class Engine:
    def __init__(self, network, batches):
        self.network = network
        self.batches = batches
        self.adam = torch.optim.Adam(network.parameters(), lr=1e-3)
        self.steps = dict(fit=self.fit_pass, probe=self.probe_pass)

    def fit_pass(self):
        for inputs, labels in self.batches:
            self.adam.zero_grad(set_to_none=True)
            loss = F.cross_entropy(self.network(inputs), labels)
            loss.backward()
            self.adam.step()

    def probe_pass(self):
        self.network.train(False)
        with torch.no_grad():
            return sum(self.network(inputs).sum().item() for inputs, _ in self.batches)

    def dispatch(self, stage):
        print("stage", stage)
        return self.steps[stage]()

    def go(self, rounds):
        done = 0
        while done < rounds:
            self.dispatch(stage="probe")
            self.network.train()
            self.dispatch(stage="fit")
            done += 1

    def only_fit(self, rounds):
        for _ in range(rounds):
            self.dispatch("fit")

    def sweep(self, rounds):
        for _ in range(rounds):
            for name in ("probe", "fit"):
                self.dispatch(name)
                self.network.train()
