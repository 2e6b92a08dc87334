import torch


def train(encoder, decoder, loader):
    opts = [
        torch.optim.Adam(encoder.parameters(), lr=1e-3),
        torch.optim.Adam(decoder.parameters(), lr=1e-3),
    ]
    for src, tgt in loader:
        loss = torch.nn.functional.mse_loss(decoder(encoder(src)), tgt)
        loss.backward()
        for o in opts:
            o.zero_grad()
        for o in opts:
            o.step()
