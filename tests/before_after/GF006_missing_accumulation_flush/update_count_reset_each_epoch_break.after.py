import torch


def train(model, loader, optimizer, epochs=10, accum=4, updates_per_epoch=50):
    for epoch in range(epochs):
        updates = 0
        i = -1  # the flush after the loop reads it, also when the loop runs no batch
        for i, (x, y) in enumerate(loader):
            loss = torch.nn.functional.mse_loss(model(x), y) / accum
            loss.backward()
            if (i + 1) % accum == 0:
                optimizer.step()
                optimizer.zero_grad()
                updates += 1
            if updates >= updates_per_epoch:
                break

        # the last micro-batches did not fill a whole window: step on them too
        if (i + 1) % accum != 0:
            optimizer.step()
            optimizer.zero_grad()
            updates += 1
