import torch.nn.functional as F


def train(model, optimizer, loader, epochs):
    for epoch in range(epochs):
        running = None
        for x, y in loader:
            optimizer.zero_grad(set_to_none=True)
            loss = F.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
            running = loss.detach() if running is None else running + loss.detach()
        print(epoch, float(running) / len(loader))
