import torch
import torch.nn.functional as F

EVERY = 4


def run_epochs(model, opt, loader, epochs):
    for epoch in range(epochs):
        opt.zero_grad(set_to_none=True)

        def micro_step(index, batch):
            x, y = batch
            loss = F.mse_loss(model(x), y) / EVERY
            loss.backward()
            if not (index + 1) % EVERY:
                opt.step()
                opt.zero_grad(set_to_none=True)
            return loss.item()

        total = sum(micro_step(index, batch) for index, batch in enumerate(loader))
        if len(loader) % EVERY:
            opt.step()  # (the tail's flush: without it GF006, as in the same loop written as a `for`)
        print(epoch, total)
