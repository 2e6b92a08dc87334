import torch


def sgd_update(net, opt, inputs, targets):
    loss = torch.nn.functional.cross_entropy(net(inputs), targets)
    loss.backward()
    opt.zero_grad()
    opt.step()
    return float(loss)
