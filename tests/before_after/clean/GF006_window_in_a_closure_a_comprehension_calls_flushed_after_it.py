import torch
from torch import nn

ACCUMULATE = 8


def flushed_after_the_comprehension(network, data, epochs):
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
        if len(values) % ACCUMULATE != 0:
            sgd.step()
            sgd.zero_grad(set_to_none=True)


def windowed_within_the_batch_call(network, data, epochs):
    sgd = torch.optim.SGD(network.parameters(), lr=0.1)

    def micro_step(k, inputs, labels):
        loss = nn.functional.cross_entropy(network(inputs), labels) / ACCUMULATE
        loss.backward()
        if (k + 1) % ACCUMULATE == 0 or k + 1 == len(data):
            sgd.step()
            sgd.zero_grad(set_to_none=True)

    for _ in range(epochs):
        list(map(micro_step, range(len(data)), [b[0] for b in data], [b[1] for b in data]))
