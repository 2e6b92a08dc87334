# `args.scheduler == "cyclic"` tests a setting whose name contains the scheduler's, not the
# scheduler: the per-batch step still runs before `optimizer.step()` whenever it runs.
import torch


def run_epoch(net, batches, optimizer, scheduler, args):
    net.train()
    for inputs, targets in batches:
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(net(inputs), targets)
        loss.backward()
        optimizer.step()
        if args.scheduler == "cyclic":
            scheduler.step()


def main(args, net, batches):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    if args.scheduler == "cyclic":
        scheduler = torch.optim.lr_scheduler.CyclicLR(optimizer, base_lr=0.01, max_lr=0.1)
    else:
        scheduler = None
    for _ in range(args.epochs):
        run_epoch(net, batches, optimizer, scheduler, args)
