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

    # the last micro-batches did not fill a whole window: step on them too
    if seen != 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
    return model
