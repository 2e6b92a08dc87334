import torch
import torch.nn as nn

from probes import probe_accuracy, probe_loss


def embed(encoder, loader):
    with torch.no_grad():
        return torch.cat([encoder(x) for x, _ in loader]), torch.cat([y for _, y in loader])


def pretrain(encoder, loader, epochs, log_every=5):
    optimizer = torch.optim.Adam(encoder.parameters(), lr=1e-3)
    for epoch in range(1, epochs + 1):
        encoder.train()
        for x, _ in loader:
            optimizer.zero_grad()
            z = encoder(x)
            loss = (z - z.mean(0)).pow(2).mean()
            loss.backward()
            optimizer.step()
        if epoch % log_every == 0:
            encoder.eval()
            feats, labels = embed(encoder, loader)
            print(epoch, probe_accuracy(feats, labels, 10), probe_loss(feats, labels))


if __name__ == "__main__":
    net = nn.Sequential(nn.Linear(32, 64), nn.BatchNorm1d(64), nn.ReLU(), nn.Dropout(0.1), nn.Linear(64, 16))
    data = [(torch.randn(8, 32), torch.randint(0, 10, (8,))) for _ in range(4)]
    pretrain(net, data, 10)
