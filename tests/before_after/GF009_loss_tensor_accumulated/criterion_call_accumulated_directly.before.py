import torch


def train(model, loader, criterion, aux_criterion):
    optimizer = torch.optim.Adam(model.parameters())
    aux_total = 0
    for x, y in loader:
        optimizer.zero_grad()
        out = model(x)
        loss = criterion(out, y)
        loss.backward()
        optimizer.step()
        aux_total += aux_criterion(out, y)
    return aux_total
