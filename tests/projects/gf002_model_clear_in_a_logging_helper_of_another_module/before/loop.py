import torch.nn.functional as F

from metrics import record_grad_size


def run_epoch(net, optimizer, batches, history):
    for inputs, targets in batches:
        optimizer.zero_grad()
        F.cross_entropy(net(inputs), targets).backward()
        record_grad_size(net, history)
        optimizer.step()
