import torch
import torch.nn as nn
import torch.nn.functional as F
from pytorch_lightning import LightningModule


class Experiment:
    def __init__(self, network, optim):
        self.network = network
        self.optim = optim

    def loss_terms(self, sample):
        features, target = sample
        scores = self.network(features)
        return {"xent": F.cross_entropy(scores, target), "penalty": 0.05 * scores.square().mean()}

    def two_views(self, first, second):
        # each term has a forward of its own: no graph is shared
        return {"a": self.network(first).logsumexp(1).mean(), "b": self.network(second).logsumexp(1).mean()}

    def run_summed(self, stream):
        for sample in stream:
            self.optim.zero_grad(set_to_none=True)
            sum(self.loss_terms(sample).values()).backward()
            self.optim.step()

    def run_per_task(self, stream):
        # every task's gradient is read on its own before they are combined (PCGrad-style)
        params = list(self.network.parameters())
        for sample in stream:
            pieces = self.loss_terms(sample)
            per_task = []
            for piece in pieces.values():
                self.optim.zero_grad(set_to_none=True)
                piece.backward(retain_graph=True)
                per_task.append([p.grad.clone() for p in params])
            for p, *grads in zip(params, *per_task):
                p.grad = torch.stack(grads).mean(0)
            self.optim.step()

    def run_views(self, stream):
        for features, _ in stream:
            self.optim.zero_grad(set_to_none=True)
            views = self.two_views(features, features.flip(0))
            for view in views.values():
                view.backward(retain_graph=True)
            self.optim.step()


class Overridden(Experiment):
    def loss_terms(self, sample):
        features, target = sample
        return {"xent": F.cross_entropy(self.network(features), target), "zero": torch.zeros(())}


class MultiTask(LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.body = torch.nn.Linear(3, 2)

    def objectives(self, batch):
        inputs, labels = batch
        logits = self.body(inputs)
        return {"ce": F.cross_entropy(logits, labels), "l2": logits.pow(2).mean()}

    def training_step(self, batch, batch_idx):
        optim = self.optimizers()
        flats = []
        for value in self.objectives(batch).values():
            optim.zero_grad()
            self.manual_backward(value, retain_graph=True)
            flats.append(torch.cat([p.grad.flatten() for p in self.parameters()]))
        merged = torch.stack(flats).mean(0)
        start = 0
        for p in self.parameters():
            p.grad = merged[start : start + p.numel()].view_as(p)
            start += p.numel()
        optim.step()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=1e-2)


net = nn.Linear(6, 4)
exp = Experiment(net, torch.optim.SGD(net.parameters(), lr=0.05))
data = [(torch.randn(10, 6), torch.randint(0, 4, (10,)))]
exp.run_summed(data)
exp.run_per_task(data)
exp.run_views(data)
