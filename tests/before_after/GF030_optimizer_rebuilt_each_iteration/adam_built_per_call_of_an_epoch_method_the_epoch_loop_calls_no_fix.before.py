# A method that is one epoch: it builds its Adam at its top and steps it in its own batch loop
# over the same data; the epoch loop calls it on every iteration, so Adam's state restarts
# every epoch. Reported without a fix: building it once and handing it in is the project's call.
import torch
import torch.nn.functional as F


class EpochRunner:
    def __init__(self, net, data):
        self.net = net
        self.data = data

    def run_epoch(self, lr):
        adam = torch.optim.Adam(self.net.parameters(), lr=lr)
        total = 0.0
        for inputs, targets in self.data:
            adam.zero_grad()
            loss = F.mse_loss(self.net(inputs), targets)
            loss.backward()
            adam.step()
            total += loss.item()
        return total


def epoch_of(net, data):
    momentum_sgd = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
    k = 0
    while k < len(data):
        momentum_sgd.zero_grad()
        F.mse_loss(net(data[k][0]), data[k][1]).backward()
        momentum_sgd.step()
        k += 1


net = torch.nn.Linear(4, 2)
data = [(torch.randn(8, 4), torch.randn(8, 2)) for _ in range(4)]
runner = EpochRunner(net, data)
history = []
for epoch in range(5):
    history.append(runner.run_epoch(1e-3))
epoch = 0
while epoch < 3:
    epoch_of(net, data)
    epoch += 1
