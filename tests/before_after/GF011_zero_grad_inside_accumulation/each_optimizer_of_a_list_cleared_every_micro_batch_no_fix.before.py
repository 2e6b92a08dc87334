import torch


def train(encoder, decoder, loader, accum_steps=4):
    optimizers = [
        torch.optim.Adam(encoder.parameters(), lr=1e-4),
        torch.optim.Adam(decoder.parameters(), lr=1e-3),
    ]
    for step, (x, y) in enumerate(loader):
        for opt in optimizers:
            opt.zero_grad(set_to_none=True)
        loss = torch.nn.functional.mse_loss(decoder(encoder(x)), y) / accum_steps
        loss.backward()
        if (step + 1) % accum_steps == 0:
            for opt in optimizers:
                opt.step()
