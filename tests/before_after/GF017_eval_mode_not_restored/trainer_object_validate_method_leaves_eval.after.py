# A trainer object of the file whose `validate()` puts its network in eval mode and never
# switches it back; the epoch loop calls `trainer.validate(...)` between epochs, so every epoch
# after the first trains with dropout off. Fixed by `network.train()` after the call.
import torch
from torch import nn

EPOCHS = 5


class Trainer:
    def __init__(self, net, lr):
        self.net = net
        self.optimizer = torch.optim.SGD(self.net.parameters(), lr=lr)

    def fit_batch(self, inputs, targets):
        self.optimizer.zero_grad(set_to_none=True)
        loss = nn.functional.mse_loss(self.net(inputs), targets)
        loss.backward()
        self.optimizer.step()
        return loss.item()

    def validate(self, batches):
        self.net.eval()
        with torch.no_grad():
            return sum(nn.functional.mse_loss(self.net(a), b).item() for a, b in batches)


def main(network, train_batches, val_batches):
    trainer = Trainer(network, 0.05)
    for epoch in range(EPOCHS):
        for inputs, targets in train_batches:
            trainer.fit_batch(inputs, targets)
        print(epoch, trainer.validate(val_batches))
        network.train()
