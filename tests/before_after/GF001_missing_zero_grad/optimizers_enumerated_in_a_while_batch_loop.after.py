# Buggy: a `while` loop over batches steps each head's optimizer, drawn by `enumerate`;
# nothing clears them, so every step applies the sum of all the gradients so far.
import torch


class Heads:
    def __init__(self, heads):
        self.heads = heads
        self.optimizers = [torch.optim.Adam(h.parameters(), lr=1e-3) for h in heads]

    def run(self, batches):
        it = iter(batches)
        while True:
            batch = next(it, None)
            if batch is None:
                break
            x, y = batch
            for k, s in enumerate(self.optimizers):
                torch.nn.functional.mse_loss(self.heads[k](x), y).backward()
                s.step()
                s.zero_grad(set_to_none=True)
