import torch


def main(stream):
    encoder = torch.nn.Linear(6, 6)
    decoder = torch.nn.Linear(6, 6)
    rms = torch.optim.RMSprop(list(encoder.parameters()) + list(decoder.parameters()), lr=1e-3)
    update = rms
    apply = update.step
    it = iter(stream)
    while (batch := next(it, None)) is not None:
        encoder.zero_grad()
        torch.nn.functional.mse_loss(decoder(encoder(batch)), batch).backward()
        apply()
