import torch


def sgd_update(net, opt, inputs, targets):
    opt.zero_grad()
    loss = torch.nn.functional.cross_entropy(net(inputs), targets)
    loss.backward()
    opt.step()
    return float(loss)
