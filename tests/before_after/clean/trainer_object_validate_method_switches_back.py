# Correct: the trainer's `validate()` switches its network back to training mode before it
# returns, so every epoch trains with dropout on.
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
            total = sum(nn.functional.mse_loss(self.net(a), b).item() for a, b in batches)
        self.net.train()
        return total


def main(network, train_batches, val_batches):
    trainer = Trainer(network, 0.05)
    for epoch in range(EPOCHS):
        for inputs, targets in train_batches:
            trainer.fit_batch(inputs, targets)
        print(epoch, trainer.validate(val_batches))
