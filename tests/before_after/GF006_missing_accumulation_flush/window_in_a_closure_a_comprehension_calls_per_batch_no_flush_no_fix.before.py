import torch
from torch import nn

ACCUMULATE = 8


def train(network, data, epochs):
    sgd = torch.optim.SGD(network.parameters(), lr=0.1, momentum=0.9)

    def micro_step(k, inputs, labels):
        loss = nn.functional.cross_entropy(network(inputs), labels) / ACCUMULATE
        loss.backward()
        if (k + 1) % ACCUMULATE == 0:
            sgd.step()
            sgd.zero_grad(set_to_none=True)
        return loss.item()

    for _ in range(epochs):
        values = [micro_step(k, inputs, labels) for k, (inputs, labels) in enumerate(data)]
        print(values[-1])
