import torch


def fit(encoder, decoder, batches, rounds, switch_at):
    optimizers = [torch.optim.Adam(encoder.parameters()), torch.optim.Adam(decoder.parameters())]
    warm = torch.optim.lr_scheduler.LinearLR(optimizers[1], start_factor=0.1, total_iters=rounds)
    r = 0
    while r < rounds:
        for batch in batches:
            for opt in optimizers:
                opt.zero_grad()
            torch.nn.functional.mse_loss(decoder(encoder(batch)), batch).backward()
            optimizers[0].step()
            optimizers[1].step()
        warm.step()
        if r == switch_at:
            optimizers[1] = torch.optim.SGD(decoder.parameters(), lr=1e-2, momentum=0.9)
        r += 1
