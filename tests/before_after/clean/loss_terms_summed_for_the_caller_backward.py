"""A helper backpropagates each task's loss on its own (to measure its gradient norm) and
returns the sum of the losses, which the caller backpropagates for the update; a method does
the same with a sum kept on `self`. Detaching the sums would leave nothing to backpropagate."""
import torch


def per_task_norms(heads, features, optimizer, norms):
    summed = 0
    for head in heads:
        optimizer.zero_grad()
        task_loss = head(features).abs().mean()
        task_loss.backward(retain_graph=True)
        norms.append(sum(float(p.grad.norm()) for p in optimizer.param_groups[0]["params"]))
        summed += task_loss
    return summed


def train(trunk, heads, batches):
    optimizer = torch.optim.SGD(trunk.parameters(), lr=0.05)
    for inputs in batches:
        norms = []
        summed = per_task_norms(heads, trunk(inputs), optimizer, norms)
        optimizer.zero_grad()
        summed.backward()
        optimizer.step()


class Balancer:
    def __init__(self, trunk, heads, optimizer):
        self.trunk, self.heads, self.optimizer = trunk, heads, optimizer
        self.norms = []

    def measure(self, features):
        self.summed = 0
        for head in self.heads:
            self.optimizer.zero_grad()
            task_loss = head(features).abs().mean()
            task_loss.backward(retain_graph=True)
            self.norms.append(float(self.trunk.weight.grad.norm()))
            self.summed += task_loss

    def update(self, inputs):
        self.measure(self.trunk(inputs))
        self.optimizer.zero_grad()
        self.summed.backward()
        self.optimizer.step()
