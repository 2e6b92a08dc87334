# The learner's loop calls the hook `self.reset_grads()` before each backward; here it is a stub,
# and the one subclass (custom.py, another module) overrides it to clear the optimizer's
# gradients. Correct: no GF001, no second clear.
import torch


class Learner:
    def __init__(self, net, optimizer):
        self.net, self.optimizer = net, optimizer

    def reset_grads(self):
        return None

    def train(self, data, epochs):
        step = 0
        while step < epochs * len(data):
            for features, labels in data:
                self.reset_grads()
                loss = torch.nn.functional.cross_entropy(self.net(features), labels)
                loss.backward()
                self.optimizer.step()
                step += 1
