import torch


def train(model, aux_heads, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        feats, logits = model(x)
        for head in aux_heads:
            aux = head(feats).pow(2).mean()
            aux.backward(retain_graph=True)
        main = torch.nn.functional.cross_entropy(logits, y)
        main.backward()
        optimizer.step()
