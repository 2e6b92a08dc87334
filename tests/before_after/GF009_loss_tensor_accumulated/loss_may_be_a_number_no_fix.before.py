import torch.nn.functional as F


def train(model, optimizer, loader, aux_weight=0.0):
    total = 0.0
    for x, y in loader:
        if y.numel() == 0:
            loss = 0.0  # an empty batch trains nothing
        else:
            loss = F.cross_entropy(model(x), y)
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()
        total += loss
    return total


def train_with_aux(model, optimizer, loader, aux_weight=0.0):
    total = 0.0
    for x, y in loader:
        out = model(x)
        loss = F.cross_entropy(out, y)
        aux = out.pow(2).mean() * aux_weight if aux_weight else 0
        optimizer.zero_grad(set_to_none=True)
        (loss + aux).backward()
        optimizer.step()
        total += loss + aux
    return total
