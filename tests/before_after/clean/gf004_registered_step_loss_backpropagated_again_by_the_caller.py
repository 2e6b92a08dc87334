import torch

RULES = {}


def rule(key):
    def add(fn):
        RULES[key] = fn
        return fn

    return add


@rule("mse")
def mse_grads(net, inputs, targets):
    err = torch.nn.functional.mse_loss(net(inputs), targets)
    err.backward(retain_graph=True)
    return err


def fit(net, batches, rounds):
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for _ in range(rounds):
        for inputs, targets in batches:
            opt.zero_grad()
            err = RULES["mse"](net, inputs, targets)
            (0.1 * err).backward()
            opt.step()
