import torch
from torch import nn


def linear_probe(probe, features, labels, optimizer, steps):
    for _ in range(steps):
        probe.train()
        optimizer.zero_grad(set_to_none=True)
        nn.functional.cross_entropy(probe(features), labels).backward()
        optimizer.step()
    probe.eval()
    return (probe(features).argmax(1) == labels).float().mean().item()


def evaluate(encoder, x, y, device="cpu"):
    encoder.eval()
    with torch.no_grad():
        features = encoder(x)
    probe = nn.Linear(8, 2)
    probe = probe.to(device)
    optimizer = torch.optim.Adam(probe.parameters(), lr=1e-2)
    return linear_probe(probe, features, y, optimizer, 20)


def pretrain(encoder, batches, optimizer, epochs, x_eval, y_eval):
    for epoch in range(epochs):
        encoder.train()  # every epoch trains in train mode, whatever evaluate() left
        for x in batches:
            optimizer.zero_grad(set_to_none=True)
            ((encoder(x) - x) ** 2).mean().backward()
            optimizer.step()
        if epoch == epochs // 2:
            print(evaluate(encoder, x_eval, y_eval))


if __name__ == "__main__":
    encoder = nn.Sequential(nn.Linear(8, 16), nn.Dropout(0.5), nn.Linear(16, 8))
    optimizer = torch.optim.Adam(encoder.parameters(), lr=1e-3)
    pretrain(encoder, [torch.randn(4, 8)] * 4, optimizer, 4, torch.randn(16, 8), torch.randint(0, 2, (16,)))
