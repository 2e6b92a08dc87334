import torch


def train(model, heads, optimizer, loader):
    history, parts = [], []
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        features = model(x)
        losses = [torch.nn.functional.cross_entropy(head(features), y) for head in heads]
        sum(losses).backward()
        optimizer.step()
        # lists of tensors: a `.detach()` on them would raise (the graphs were freed by backward)
        history.append([loss.item() for loss in losses])
        parts.extend([float(loss) for loss in losses])
    return history, parts
