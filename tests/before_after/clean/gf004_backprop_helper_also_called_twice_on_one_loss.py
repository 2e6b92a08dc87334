import torch


def backprop(loss):
    loss.backward(retain_graph=True)


def train(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            loss = torch.nn.functional.mse_loss(model(x), y)
            backprop(loss)
            opt.step()


def probe(model, x):
    loss = model(x).sum()
    backprop(loss)
    backprop(loss)
