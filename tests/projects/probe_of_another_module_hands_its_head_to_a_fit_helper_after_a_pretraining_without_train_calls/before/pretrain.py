import torch
import torch.nn as nn

from probing import probe_embeddings


def pretrain(encoder, x, optimizer, epochs, probe_every=50):
    encoder.train()  # only once: the probe's eval() sticks
    for epoch in range(epochs):
        z = encoder(x)
        loss = (z - z.mean(0)).pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if (epoch + 1) % probe_every == 0:
            probe_embeddings(encoder, x, torch.randint(0, 4, (x.shape[0],)), lr=0.05)
    return encoder


def main(seeds):
    x = torch.randn(64, 12)
    scores = []
    for seed in seeds:
        torch.manual_seed(seed)
        encoder = nn.Sequential(nn.Linear(12, 32), nn.BatchNorm1d(32), nn.ReLU(), nn.Dropout(0.2), nn.Linear(32, 8))
        optimizer = torch.optim.Adam(encoder.parameters(), lr=1e-3)
        encoder = pretrain(encoder, x, optimizer, 200)
        encoder.eval()
        scores.append(probe_embeddings(encoder, x, torch.randint(0, 4, (64,)), lr=0.05))
    return scores


if __name__ == "__main__":
    print(main([0, 1]))
