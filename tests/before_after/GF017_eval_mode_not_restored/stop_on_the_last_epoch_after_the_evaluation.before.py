import torch
from torch import nn


def evaluate(batches, net):
    net.eval()
    with torch.no_grad():
        return sum(float(net(inputs).sum()) for inputs, _ in batches)


def run(batches, net, opt, epochs):
    for epoch in range(epochs):
        for inputs, targets in batches:
            opt.zero_grad(set_to_none=True)
            loss = nn.functional.mse_loss(net(inputs), targets)
            loss.backward()
            opt.step()
        score = evaluate(batches, net)
        if score < 0.01:
            break
        print(epoch, score)
