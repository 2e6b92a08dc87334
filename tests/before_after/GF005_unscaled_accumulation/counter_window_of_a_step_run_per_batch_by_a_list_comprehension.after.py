import torch
import torch.nn.functional as F

MICRO_STEPS = 4


def train(net, optimizer, batches, epochs):
    costs = []
    for epoch in range(epochs):
        optimizer.zero_grad(set_to_none=True)
        pending = 0

        def one_batch(batch):
            nonlocal pending
            inputs, targets = batch
            cost = F.cross_entropy(net(inputs), targets)
            (cost / MICRO_STEPS).backward()
            pending += 1
            if pending == MICRO_STEPS:
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)
                pending = 0
            return cost.item()

        costs.extend([one_batch(batch) for batch in batches])
        if pending:
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
    return costs
