# A statement outside the loop that both says ` for ` and binds with a walrus (or awaits):
# the per-item reading stays out of it; the loop below is read as usual and is correct.
import asyncio

import torch


class Finetuner:
    def components(self, names):
        return {name: part for name in names if (part := getattr(self, name, None)) is not None}

    def fit(self, model, batches, names):
        opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
        parts = {name: part for name in names if (part := getattr(self, name, None))}
        step = 0
        while step < len(batches):
            inputs, targets = batches[step]
            opt.zero_grad(set_to_none=True)
            loss = torch.nn.functional.mse_loss(model(inputs), targets)
            loss.backward()
            opt.step()
            step += 1
        return parts


async def prefetch(index):
    await asyncio.sleep(0)
    return torch.randn(4, 3), torch.randn(4, 1)


async def train_async(model, count):
    sgd = torch.optim.SGD(model.parameters(), lr=0.1)
    batches = [await prefetch(i) for i in range(count)]
    for x, y in batches:
        sgd.zero_grad(set_to_none=True)
        torch.nn.functional.mse_loss(model(x), y).backward()
        sgd.step()
