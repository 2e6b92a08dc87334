import torch


def train(model, loader, epochs, clip=1.0):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            for p in model.parameters():
                p.grad.data.clamp_(-clip, clip)
            opt.step()
