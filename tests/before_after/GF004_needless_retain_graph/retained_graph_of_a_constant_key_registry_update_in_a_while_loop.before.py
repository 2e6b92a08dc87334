import torch

RULES = {}


def rule(key):
    def add(fn):
        RULES[key] = fn
        return fn

    return add


@rule("mse")
def mse_update(net, opt, inputs, targets):
    opt.zero_grad()
    err = torch.nn.functional.mse_loss(net(inputs), targets)
    err.backward(retain_graph=True)
    opt.step()
    return err


def fit(net, batches, rounds):
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    done = 0
    while done < rounds:
        for inputs, targets in batches:
            err = RULES["mse"](net, opt, inputs, targets)
            print(float(err))
        done += 1
