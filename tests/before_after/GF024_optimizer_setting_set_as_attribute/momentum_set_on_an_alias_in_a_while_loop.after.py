import torch


def fit(model, batches, rounds):
    sgd = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.5)
    o = sgd
    r = 0
    while r < rounds:
        if r == rounds // 2:
            o.momentum = 0.9
            for param_group in o.param_groups:
                param_group["momentum"] = o.momentum
        for inputs, targets in batches:
            o.zero_grad()
            torch.nn.functional.mse_loss(model(inputs), targets).backward()
            o.step()
        r += 1
