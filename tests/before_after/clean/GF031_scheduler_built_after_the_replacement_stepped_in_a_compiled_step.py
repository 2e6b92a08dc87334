import torch


def one_step(net, optim, lr_sched, batch):
    optim.zero_grad()
    net(batch).square().mean().backward()
    optim.step()
    lr_sched.step()


step = torch.compile(one_step)


def main(net, batches):
    optim = torch.optim.SGD(net.parameters(), lr=0.1)
    optim = torch.optim.AdamW(net.parameters(), lr=1e-3)
    lr_sched = torch.optim.lr_scheduler.ExponentialLR(optim, gamma=0.95)
    for batch in batches:
        step(net, optim, lr_sched, batch)
