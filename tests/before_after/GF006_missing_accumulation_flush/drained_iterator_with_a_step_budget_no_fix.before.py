import torch


def train(model, loader, optimizer, loss_fn, accum=4, budget=1000):
    updates = 0
    for epoch in range(10):
        batches = iter(loader)
        k = 0
        while True:
            try:
                xb, yb = next(batches)
            except StopIteration:
                break
            k += 1
            (loss_fn(model(xb), yb) / accum).backward()
            if k % accum == 0:
                optimizer.step()
                optimizer.zero_grad()
            updates += 1
            if updates >= budget:
                break
