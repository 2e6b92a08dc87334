import torch


def fit(model, optimizer, loader, epochs, accum_steps):
    for _ in range(epochs):
        stream = iter(loader)
        micro = -1
        while True:
            try:
                features, labels = next(stream)
            except StopIteration:
                break
            micro += 1
            out = model(features)
            (torch.nn.functional.cross_entropy(out, labels) / accum_steps).backward()
            if (micro + 1) % accum_steps == 0:
                optimizer.step()
                optimizer.zero_grad()
        if (micro + 1) % accum_steps != 0:
            optimizer.step()
            optimizer.zero_grad()
