# The loss vector's name is rebound to an element of its detached copy before it is summed:
# `loss.detach()[0]`, `loss.data[1]` hold no graph.
import torch


def train(model, loader, optimizer, criterion, epochs):
    for epoch in range(epochs):
        running_ce = 0.0
        running_reg = 0.0
        for x, y in loader:
            optimizer.zero_grad()
            out = model(x)
            loss = torch.stack([criterion(out, y), 1e-3 * out.pow(2).mean()])
            loss.sum().backward()
            optimizer.step()
            reg = loss.data[1]
            loss = loss.detach()[0]
            running_ce += loss
            running_reg += reg
        print(epoch, float(running_ce), float(running_reg))
