import torch


def train(encoder, decoder, loader, criterion):
    params = list(decoder.parameters()) + list(encoder.proj.parameters()) + list(encoder.norm.parameters())
    optimizer = torch.optim.Adam(params, lr=1e-3)
    for images, captions in loader:
        features = encoder(images)
        outputs = decoder(features, captions)
        loss = criterion(outputs, captions)
        decoder.zero_grad()
        encoder.zero_grad()
        loss.backward()
        optimizer.step()
