"""One backward per loss term, the optimizer stepped once the terms are done: the sum of the
terms is rebuilt for every step (only logged), so no graph outlives its step."""
import torch


def train(trunk, heads, batches):
    optimizer = torch.optim.SGD(trunk.parameters(), lr=0.05)
    for inputs in batches:
        optimizer.zero_grad()
        features = trunk(inputs)
        step_sum = torch.zeros(())
        for index, head in enumerate(heads):
            term = head(features).square().mean()
            step_sum += term
            term.backward(retain_graph=index < len(heads) - 1)
        optimizer.step()
        print(float(step_sum))
