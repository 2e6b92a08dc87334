# Buggy: the optimizer is picked by a field of each batch (`part`), so the same optimizer is
# handed out again and again, and nothing clears between its steps.
import torch


def update(model, optimizer, x, y):
    optimizer.zero_grad(set_to_none=True)
    loss = torch.nn.functional.cross_entropy(model(x), y)
    loss.backward()
    optimizer.step()


def train(model, opts, batches):
    for part, x, y in batches:
        update(model, opts[part], x, y)
