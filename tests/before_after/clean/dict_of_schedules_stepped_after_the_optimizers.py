import torch


def train(encoder, decoder, batches, epochs):
    opts = {"enc": torch.optim.Adam(encoder.parameters()), "dec": torch.optim.Adam(decoder.parameters())}
    scheds = {name: torch.optim.lr_scheduler.ExponentialLR(o, gamma=0.99) for name, o in opts.items()}
    for _ in range(epochs):
        for inputs in batches:
            for o in opts.values():
                o.zero_grad(set_to_none=True)
            torch.nn.functional.mse_loss(decoder(encoder(inputs)), inputs).backward()
            for o in opts.values():
                o.step()
            for s in scheds.values():
                s.step()


def train_own(encoder, batches, make_schedule):
    # schedules built by a factory handed in: their classes are unknown
    opt = torch.optim.Adam(encoder.parameters())
    scheds = {"warm": make_schedule(opt)}
    for inputs in batches:
        opt.zero_grad(set_to_none=True)
        encoder(inputs).sum().backward()
        for s in scheds.values():
            s.step()
        opt.step()
