import torch


def clear_grads(net):
    for p in net.parameters():
        if p.grad is not None:
            p.grad.data.mul_(0)


def train(net, batches, lr=0.01, max_steps=100):
    opt = torch.optim.Adam(net.parameters(), lr=lr)
    it = iter(batches)
    step = 0
    while step < max_steps:
        x, y = next(it)
        clear_grads(net)
        loss = (net(x) - y).pow(2).mean()
        loss.backward()
        opt.step()
        step += 1
