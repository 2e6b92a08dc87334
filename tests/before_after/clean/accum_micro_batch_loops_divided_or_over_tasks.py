import torch


def train(model, get_batch, optimizer, max_iters, gradient_accumulation_steps=8):
    for iter_num in range(max_iters):
        for micro_step in range(gradient_accumulation_steps):
            X, Y = get_batch("train")
            logits, loss = model(X, Y)
            loss = loss / gradient_accumulation_steps  # divided: nanoGPT as written
            loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)


def multitask(model, heads, loaders, optimizer, num_tasks):
    # one loss per task, summed on purpose: not micro-batches of one batch
    for step in range(1000):
        for task in range(num_tasks):
            x, y = next(loaders[task])
            torch.nn.functional.mse_loss(heads[task](model(x)), y).backward()
        optimizer.step()
        optimizer.zero_grad()


def summed(model, get_batch, optimizer, accum_steps):
    for step in range(100):
        for micro in range(accum_steps):
            x, y = get_batch()
            torch.nn.functional.mse_loss(model(x), y, reduction="sum").backward()
        optimizer.step()
        optimizer.zero_grad()
