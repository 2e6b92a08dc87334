import functools

import torch


def sgd_step(model, features, target):
    optim = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    optim.zero_grad()
    loss = torch.nn.functional.smooth_l1_loss(model(features), target)
    loss.backward()
    optim.step()
    return float(loss)


def train(model, batches):
    update = functools.partial(sgd_step, model)
    index = 0
    while index < len(batches):
        update(*batches[index])
        index += 1
