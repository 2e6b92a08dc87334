"""Optimizers handed back by Apex's `amp.initialize`: with master weights (opt_level "O2",
or a level read from the command line) Apex replaces `zero_grad` by one that takes no
argument, so the clear gradfix adds is bare; at "O1" the optimizer comes back unchanged."""
import torch
from apex import amp


def train_configured(net, batches, args):
    opt = torch.optim.SGD(net.parameters(), lr=args.lr, momentum=0.9)
    net, opt = amp.initialize(net, opt, opt_level=args.opt_level)
    for inputs, targets in batches:
        loss = torch.nn.functional.cross_entropy(net(inputs), targets)
        with amp.scale_loss(loss, opt) as scaled_loss:
            scaled_loss.backward()
        opt.step()


def train_o1(net, batches):
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    net, opt = amp.initialize(net, opt, opt_level="O1")
    for inputs, targets in batches:
        loss = torch.nn.functional.cross_entropy(net(inputs), targets)
        with amp.scale_loss(loss, opt) as scaled_loss:
            scaled_loss.backward()
        opt.step()
