import torch
from lightning.fabric import Fabric


class Runner:
    def __init__(self, fabric, model, optimizer, scaler):
        self.fabric = fabric
        self.model = model
        self.optimizer = optimizer
        self.scaler = scaler

    def prepare(self):
        self.model, self.optimizer = self.fabric.setup(self.model, self.optimizer)

    def train(self, loader, epochs):
        self.prepare()
        for _ in range(epochs):
            for features, labels in loader:
                self.optimizer.zero_grad()
                loss = torch.nn.functional.cross_entropy(self.model(features), labels)
                self.fabric.backward(self.scaler.scale(loss))
                self.scaler.step(self.optimizer)
                self.scaler.update()


def main(loader):
    fabric = Fabric(accelerator="cpu", devices=1)
    net = torch.nn.Linear(5, 3)
    Runner(fabric, net, torch.optim.SGD(net.parameters(), lr=0.1), torch.amp.GradScaler("cpu")).train(loader, 3)


class Distiller:
    def __init__(self, student, opt, steps):
        self.fab = Fabric(accelerator="cpu", devices=1)
        self.amp = torch.amp.GradScaler("cpu")
        self.student, self.opt = self.fab.setup(student, opt)
        self.steps = steps

    def run(self, batches):
        step = 0
        while step < self.steps:
            x, soft = batches[step % len(batches)]
            self.opt.zero_grad(set_to_none=True)
            loss = torch.nn.functional.kl_div(self.student(x).log_softmax(-1), soft, reduction="batchmean")
            scaled = self.amp.scale(loss)
            self.fab.backward(scaled)
            self.amp.step(self.opt)
            self.amp.update()
            step += 1
