import torch


def train(models, loader, epochs):
    optimizers = {name: torch.optim.SGD(m.parameters(), lr=0.01) for name, m in models.items()}
    for epoch in range(epochs):
        for x, y in loader:
            pred = models["cls"](x)
            loss = torch.nn.functional.cross_entropy(pred, y)
            loss.backward()
            optimizers["cls"].zero_grad()
            optimizers["cls"].step()
        print("epoch", epoch, "done")
