import torch


def train_epoch(model, loader, optimizer, loss_fn, accum_steps=8):
    batches = iter(loader)
    seen = 0
    while True:
        try:
            inputs, targets = next(batches)
        except StopIteration:
            break
        seen += 1
        try:
            loss = loss_fn(model(inputs), targets) / accum_steps
            loss.backward()
            if seen % accum_steps == 0:
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)
        except RuntimeError as exc:  # out of memory on an odd batch: skip it
            if "out of memory" not in str(exc):
                raise
            torch.cuda.empty_cache()

    # the last micro-batches did not fill a whole window: step on them too
    if seen % accum_steps != 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
