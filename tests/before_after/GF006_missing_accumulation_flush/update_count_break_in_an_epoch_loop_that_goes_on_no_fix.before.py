import torch


def train(model, loader, optimizer, epochs=10, accum=4, max_updates=100):
    updates = 0
    for epoch in range(epochs):
        for i, (x, y) in enumerate(loader):
            loss = torch.nn.functional.mse_loss(model(x), y) / accum
            loss.backward()
            if (i + 1) % accum == 0:
                optimizer.step()
                optimizer.zero_grad()
                updates += 1
            if updates >= max_updates:
                break
        print(f"epoch {epoch}: {updates} updates")
