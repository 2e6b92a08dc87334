# The hook `self.reset_grads()` the loop calls before each backward is a stub; CustomLearner
# (custom.py) overrides it with a clear, PlainLearner (plain.py) with a log line only: which
# objects the loop runs on is not known here, so gradfix stays silent (no clear inserted that the
# clearing subclass does not need).
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
