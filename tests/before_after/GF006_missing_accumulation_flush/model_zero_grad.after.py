import torch


def train(model, loader, accum_steps):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    for epoch in range(5):
        i = -1  # the flush after the loop reads it, also when the loop runs no batch
        for i, (x, y) in enumerate(loader):
            loss = torch.nn.functional.cross_entropy(model(x), y)
            (loss / accum_steps).backward()

            if (i + 1) % accum_steps == 0:
                optimizer.step()
                model.zero_grad()

        # the last micro-batches did not fill a whole window: step on them too
        if (i + 1) % accum_steps != 0:
            optimizer.step()
            model.zero_grad()
