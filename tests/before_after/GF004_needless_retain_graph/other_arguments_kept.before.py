import torch


def fit(net, batches, optimizer):
    for step, (x, y) in enumerate(batches):
        optimizer.zero_grad(set_to_none=True)
        err = (net(x) - y).pow(2).mean(0)
        err.backward(torch.ones_like(err), retain_graph=True, inputs=list(net.parameters()))
        optimizer.step()
