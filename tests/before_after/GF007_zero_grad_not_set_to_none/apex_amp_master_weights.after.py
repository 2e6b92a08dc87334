"""`amp.initialize(..., opt_level="O2")` keeps fp32 master weights and gives the optimizer a
`zero_grad(self)` of Apex's: its clear stays bare. Without master weights (`master_weights=False`)
the torch optimizer's own `zero_grad` is left, and its clear is fixed."""
import torch
from apex import amp


def train_o2(net, batches):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    net, opt = amp.initialize(net, opt, opt_level="O2")
    for inputs, targets in batches:
        opt.zero_grad()
        with amp.scale_loss(torch.nn.functional.mse_loss(net(inputs), targets), opt) as scaled:
            scaled.backward()
        opt.step()


def train_o2_fp16_weights(net, batches):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    net, opt = amp.initialize(net, opt, opt_level="O2", master_weights=False)
    for inputs, targets in batches:
        opt.zero_grad(set_to_none=True)
        with amp.scale_loss(torch.nn.functional.mse_loss(net(inputs), targets), opt) as scaled:
            scaled.backward()
        opt.step()
