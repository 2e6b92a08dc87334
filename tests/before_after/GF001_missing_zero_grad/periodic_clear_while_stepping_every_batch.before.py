# Clearing every fourth batch does not make a batch four times larger: the optimizer still
# steps on every batch, each time with the gradients summed since the last clear. Report
# only: a window (step when it clears) and a clear per step are both plausible intents.
import torch


def train(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    for epoch in range(epochs):
        for i, (x, y) in enumerate(loader):
            if (i + 1) % 4 == 0:
                opt.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(x), y)
            loss.backward()
            opt.step()
