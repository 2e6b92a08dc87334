import torch


def train(encoder, decoder, loader):
    opts = [torch.optim.SGD(encoder.parameters(), lr=0.1), torch.optim.SGD(decoder.parameters(), lr=0.1)]
    for x in loader:
        for o in opts:
            o.zero_grad(set_to_none=True)
        loss = ((decoder(encoder(x)) - x) ** 2).mean()
        loss.backward()
        for o in opts:
            o.step()
