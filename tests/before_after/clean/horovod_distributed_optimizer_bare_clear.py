"""GF007 stays silent on Horovod's DistributedOptimizer: its zero_grad(self) takes no
set_to_none (the rule is not a default one; tests/test_hygiene_rules.py selects it here).
"""

from horovod import torch as hvd
import torch


def fit(model, data, epochs):
    opt = hvd.DistributedOptimizer(torch.optim.AdamW(model.parameters()), named_parameters=model.named_parameters())
    epoch = 0
    while epoch < epochs:
        for x, y in data:
            opt.zero_grad()
            torch.nn.functional.cross_entropy(model(x), y).backward()
            opt.step()
        epoch += 1
