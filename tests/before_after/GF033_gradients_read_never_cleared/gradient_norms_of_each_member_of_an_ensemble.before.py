import torch


def member_gradient_norms(members, batches, loss_fn):
    traces = [[] for _ in members]
    for inputs, targets in batches:
        for net, trace in zip(members, traces):
            loss_fn(net(inputs), targets).backward()
            trace.append(torch.stack([w.grad.norm() for w in net.parameters()]).sum().item())
    return traces
