# The mode is chosen in each arm of an `if` with the module's forward inside each arm (a probe
# under no_grad in the eval arm), but after the `if` the module runs with gradients on every
# pass, the eval arm's too: those passes train it in eval mode. Reported.
import torch
from torch import nn


def run(model, optimizer, batches, probe_every):
    for i, (x, y) in enumerate(batches):
        if i % probe_every == 0:
            model.eval()
            with torch.no_grad():
                score = model(x).softmax(-1).max(-1).values.mean()
            print("confidence", float(score))
        else:
            model.train()
            model(x)
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()


net = nn.Sequential(nn.Linear(10, 24), nn.BatchNorm1d(24), nn.ReLU(), nn.Linear(24, 5))
run(net, torch.optim.SGD(net.parameters(), lr=0.1), [(torch.randn(6, 10), torch.randint(0, 5, (6,)))] * 4, 2)
