import torch


def train(encoder, head, loader, criterion):
    groups = [
        {"params": [p for n, p in encoder.named_parameters() if "bias" not in n]},
        {"params": [p for n, p in head.named_parameters()], "lr": 1e-3},
    ]
    optimizer = torch.optim.SGD(groups, lr=0.1)
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(head(encoder(x)), y)
        loss.backward()
        encoder.zero_grad()  # the encoder stays frozen on purpose
        optimizer.step()
