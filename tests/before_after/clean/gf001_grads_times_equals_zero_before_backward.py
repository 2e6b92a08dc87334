import torch


def train(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for x, y in loader:
            for p in model.parameters():
                if p.grad is not None:
                    p.grad *= 0
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            opt.step()
