import torch


def train(model, loader, optim, chunks=4):
    for batch, target in loader:
        # split a large batch to fit in memory
        for xb, yb in zip(batch.chunk(chunks), target.chunk(chunks)):
            loss = torch.nn.functional.cross_entropy(model(xb), yb) / chunks
            loss.backward()
        optim.step()
