# An accumulation window written with two tests of the same count: the step and the clear both
# run at the window's end, the loss is divided by the window: correct.
import torch


def train(model, loader, window=4):
    sgd = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.cross_entropy(model(x), y) / window
        loss.backward()
        if (i + 1) % window == 0:
            sgd.step()
        if (i + 1) % window == 0:
            sgd.zero_grad(set_to_none=True)
    if len(loader) % window != 0:
        sgd.step()
        sgd.zero_grad(set_to_none=True)


def train_logged(model, loader, log_every=10):
    adam = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step, (x, y) in enumerate(loader):
        adam.zero_grad(set_to_none=True)
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        adam.step()
        if step % log_every == 0:
            print(step, loss.item())
