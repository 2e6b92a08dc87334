import torch


def train(model, data, opt, criterion, n_epochs):
    for epoch in range(n_epochs):
        for inputs, targets in data:
            opt.zero_grad()
            loss = criterion(model(inputs), targets)
            loss.backward()
            # print(loss.item())

            opt.step()
