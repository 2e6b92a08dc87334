import torch

ACCUMULATE = 4


def main(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    wipe, advance = opt.zero_grad, opt.step
    for epoch in range(epochs):
        for k, (x, y) in enumerate(loader):
            loss = torch.nn.functional.cross_entropy(model(x), y) / ACCUMULATE
            loss.backward()
            if (k + 1) % ACCUMULATE == 0:
                advance()
                wipe()
