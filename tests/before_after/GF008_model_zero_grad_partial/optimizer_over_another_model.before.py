import torch


def train(encoder, decoder, loader, epochs):
    opt = torch.optim.Adam(decoder.parameters(), lr=1e-3)
    for epoch in range(epochs):
        for x in loader:
            encoder.zero_grad()
            recon = decoder(encoder(x))
            loss = ((recon - x) ** 2).mean()
            loss.backward()
            opt.step()
