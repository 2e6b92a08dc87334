import torch


def train(model, loader, optimizer, use_aux):
    for x, y in loader:
        optimizer.zero_grad()
        out, aux = model(x)
        loss = torch.nn.functional.cross_entropy(out, y)
        if use_aux:
            aux_loss = torch.nn.functional.cross_entropy(aux, y)
            aux_loss.backward(retain_graph=True)
        loss.backward()
        optimizer.step()
