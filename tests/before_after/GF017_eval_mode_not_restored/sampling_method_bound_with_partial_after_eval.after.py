# After every `show_every` steps the loop switches the model to eval mode and samples through a
# method of the model bound with `functools.partial`. Binding or calling `model.generate` sets
# no mode, so the model stays in eval mode for the rest of training. Fixed by `model.train()`
# after the sampling block.
import functools

import torch


def train(model, batches, steps, show_every=100):
    opt = torch.optim.Adam(model.parameters(), lr=3e-4)
    model.train()
    for step in range(steps):
        loss = model(next(batches))
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % show_every == 0:
            model.eval()
            generate = functools.partial(model.generate, length=16)
            with torch.no_grad():
                print(generate(temperature=0.8))
            model.train()
