import torch


class Solver:
    def __init__(self, net, batches, rounds):
        self.net = net
        self.batches = batches
        self.rounds = rounds
        self.params = net.parameters()

    def solve(self):
        rate, done = 0.1, 0
        while done < self.rounds:
            optimizer = torch.optim.SGD(self.params, lr=rate, momentum=0.9)
            for inputs, targets in self.batches:
                optimizer.zero_grad()
                torch.nn.functional.mse_loss(self.net(inputs), targets).backward()
                optimizer.step()
            rate, done = rate * 0.5, done + 1
