import torch
import torch.nn as nn
import torch.nn.functional as F


class Experiment:
    """Runs a classifier whose method returns the loss terms of one forward pass."""

    def __init__(self, network, optim):
        self.network = network
        self.optim = optim

    def loss_terms(self, sample):
        """Cross-entropy and a logit penalty, by name."""
        features, target = sample
        scores = self.network(features)
        return {"xent": F.cross_entropy(scores, target), "penalty": 0.05 * scores.square().mean()}

    def pair_of_losses(self, features, target):
        scores = self.network(features)
        return F.cross_entropy(scores, target), scores.abs().mean()

    def run(self, stream, budget):
        done = 0
        while done < budget:
            for sample in stream:
                self.optim.zero_grad(set_to_none=True)
                pieces = self.loss_terms(sample)
                for name, piece in pieces.items():
                    piece.backward(retain_graph=True)
                self.optim.step()
                done += 1

    def run_pairs(self, stream):
        for features, target in stream:
            self.optim.zero_grad(set_to_none=True)
            both = self.pair_of_losses(features, target)
            for part in both:
                part.backward(retain_graph=True)
            self.optim.step()


def module_losses(network, features, target):
    scores = network(features)
    return [F.cross_entropy(scores, target), scores.pow(2).mean()]


def fit(network, optim, stream):
    for features, target in stream:
        optim.zero_grad(set_to_none=True)
        terms = module_losses(network, features, target)
        for term in terms:
            term.backward(retain_graph=True)
        optim.step()


net = nn.Linear(6, 4)
exp = Experiment(net, torch.optim.SGD(net.parameters(), lr=0.05))
data = [(torch.randn(10, 6), torch.randint(0, 4, (10,)))]
exp.run(data, 3)
exp.run_pairs(data)
fit(net, exp.optim, data)
