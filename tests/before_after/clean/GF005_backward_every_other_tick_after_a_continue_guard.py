"""A while loop that backpropagates only on every second tick (the ticks between only fill a
buffer) and steps every `accum` ticks: the window holds `accum / 2` backwards, so `accum` is
no count of micro-batches, and no division by it is right."""
import torch


def run(model, batches, accum, max_ticks=1000):
    opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    pending = []
    tick = 0
    source = iter(batches)
    while tick < max_ticks:
        try:
            x, y = next(source)
        except StopIteration:
            break
        tick += 1
        pending.append((x, y))
        if (tick + 1) % 2 != 0:
            continue
        xs = torch.cat([p[0] for p in pending])
        ys = torch.cat([p[1] for p in pending])
        pending.clear()
        err = torch.nn.functional.cross_entropy(model(xs), ys)
        err.backward()
        if tick % accum == 0:
            opt.step()
            opt.zero_grad()
    return model
