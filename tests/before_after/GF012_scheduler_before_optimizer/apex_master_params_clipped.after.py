"""The clip is given Apex's `amp.master_params(optimizer)` (it only yields the parameters):
the warm-up scheduler stepped before the optimizer is still found and moved after it."""
import torch
from apex import amp
from torch.optim.lr_scheduler import LambdaLR


def fit(net, batches, warmup):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    net, optimizer = amp.initialize(net, optimizer, opt_level="O1")
    scheduler = LambdaLR(optimizer, lambda step: min(1.0, (step + 1) / warmup))
    for inputs, targets in batches:
        loss = torch.nn.functional.mse_loss(net(inputs), targets)
        with amp.scale_loss(loss, optimizer) as scaled_loss:
            scaled_loss.backward()
        torch.nn.utils.clip_grad_norm_(amp.master_params(optimizer), 1.0)
        optimizer.step()
        scheduler.step()
        optimizer.zero_grad()
