import torch

HANDLERS = {}


def handler(key):
    def add(function):
        HANDLERS[key] = function
        return function

    return add


@handler("mse")
def mse_update(net, optimizer, x, y):
    torch.nn.functional.mse_loss(net(x), y).backward()
    optimizer.step()


@handler("l1")
def l1_update(net, optimizer, x, y):
    optimizer.zero_grad()
    torch.nn.functional.l1_loss(net(x), y).backward()
    optimizer.step()


net = torch.nn.Linear(3, 1)
optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
it = 0
while it < 50:
    x, y = torch.randn(4, 3), torch.randn(4, 1)
    HANDLERS["mse"](net, optimizer, x, y)
    it += 1
