import torch
import torch.nn.functional as F


class Looper:
    def __init__(self, net, optimizer, every=4):
        self.net = net
        self.optimizer = optimizer
        self.every = every
        self.count = 0

    def push(self, pair):
        inputs, targets = pair
        loss = F.cross_entropy(self.net(inputs), targets)
        (loss / self.every).backward()
        self.count += 1
        if self.count == self.every:
            self.optimizer.step()
            self.optimizer.zero_grad(set_to_none=True)
            self.count = 0
        return float(loss)

    def run(self, chunks, rounds):
        done = 0
        while done < rounds:
            total = sum(map(self.push, chunks))
            done += 1
            print(done, total)
