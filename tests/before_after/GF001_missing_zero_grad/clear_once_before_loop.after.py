import torch
from torch import optim


def fit(net, batches, lr=3e-3):
    optim_ = optim.AdamW(net.parameters(), lr=lr)
    optim_.zero_grad()
    for inputs, labels in batches:
        optim_.zero_grad(set_to_none=True)
        logits = net(inputs)
        loss = torch.nn.functional.cross_entropy(logits, labels)
        loss.backward()
        optim_.step()
