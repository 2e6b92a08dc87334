import torch


def train(model, data, opt, criterion, n_epochs):
    for epoch in range(n_epochs):
        for inputs, targets in data:
            loss = criterion(model(inputs), targets)
            loss.backward()
            # print(loss.item())

            opt.zero_grad()
            opt.step()
