import torch
import steps


def run(net, data):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    loss_fn = torch.nn.MSELoss()
    for x, y in data:
        opt.zero_grad()
        steps.update(net, opt, x, y, loss_fn)
