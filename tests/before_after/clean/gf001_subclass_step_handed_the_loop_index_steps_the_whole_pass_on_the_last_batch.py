import torch
import torch.nn as nn

batches = [(torch.randn(8, 12), torch.randint(0, 4, (8,))) for _ in range(6)]


class BaseRunner:
    def __init__(self, net):
        self.net = net

    def step(self, batch_idx, inputs, labels):
        raise NotImplementedError

    def run(self, epochs):
        for _ in range(epochs):
            for batch_idx, (inputs, labels) in enumerate(batches):
                self.step(batch_idx, inputs, labels)


class TaggerRunner(BaseRunner):
    def __init__(self, net):
        super().__init__(net)
        self.optimizer = torch.optim.RMSprop(self.net.parameters(), lr=1e-3)

    def step(self, batch_idx, inputs, labels):
        logits = self.net(inputs)
        loss = nn.functional.cross_entropy(logits, labels) / len(batches)
        loss.backward()
        if batch_idx + 1 == len(batches):
            self.optimizer.step()
            self.optimizer.zero_grad()
        return loss.item()


if __name__ == "__main__":
    TaggerRunner(nn.Sequential(nn.Linear(12, 16), nn.ReLU(), nn.Linear(16, 4))).run(2)
