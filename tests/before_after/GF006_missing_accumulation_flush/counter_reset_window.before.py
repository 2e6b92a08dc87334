import torch


def train(model, optimizer, loader, accum_steps=8):
    seen = 0
    for inputs, targets in loader:
        loss = torch.nn.functional.cross_entropy(model(inputs), targets) / accum_steps
        loss.backward()
        seen += 1
        if seen == accum_steps:
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
            seen = 0
    return model
