import torch


def fit(body, head, stream, total):
    opts = {"body": torch.optim.SGD(body.parameters(), lr=0.1), "head": torch.optim.Adam(head.parameters())}
    schedules = {
        "body": torch.optim.lr_scheduler.CosineAnnealingLR(opts["body"], T_max=total),
        "head": torch.optim.lr_scheduler.LinearLR(opts["head"], total_iters=total),
    }
    it = iter(stream)
    while (pair := next(it, None)) is not None:
        xb, yb = pair
        for o in opts.values():
            o.zero_grad(set_to_none=True)
        torch.nn.functional.mse_loss(head(body(xb)), yb).backward()
        for name, sched in schedules.items():
            sched.step()
        for o in opts.values():
            o.step()


def train(encoder, decoder, batches, epochs):
    opts = {"enc": torch.optim.Adam(encoder.parameters()), "dec": torch.optim.Adam(decoder.parameters())}
    scheds = {name: torch.optim.lr_scheduler.ExponentialLR(o, gamma=0.99) for name, o in opts.items()}
    for _ in range(epochs):
        for inputs in batches:
            for o in opts.values():
                o.zero_grad(set_to_none=True)
            torch.nn.functional.mse_loss(decoder(encoder(inputs)), inputs).backward()
            for s in scheds.values():
                s.step()
            for o in opts.values():
                o.step()
