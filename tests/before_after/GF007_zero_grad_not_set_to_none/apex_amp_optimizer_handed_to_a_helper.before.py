import torch
from apex import amp


def train(loader, model, optimizer):
    # `optimizer` may be Apex's master-weight optimizer (opt_level "O2"): its zero_grad()
    # takes no argument, so this clear is left as it is
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        with amp.scale_loss(loss, optimizer) as scaled:
            scaled.backward()
        optimizer.step()


def pretrain_probe(probe, loader):
    probe_opt = torch.optim.SGD(probe.parameters(), lr=0.1)  # a torch optimizer: fixed
    for x, y in loader:
        probe_opt.zero_grad()
        torch.nn.functional.mse_loss(probe(x), y).backward()
        probe_opt.step()


def main(args, model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    model, optimizer = amp.initialize(model, optimizer, opt_level=args.opt_level)
    for epoch in range(args.epochs):
        train(loader, model, optimizer)
