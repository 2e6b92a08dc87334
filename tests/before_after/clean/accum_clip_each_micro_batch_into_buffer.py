import torch


def train(model, optimizer, loader, accum_steps, max_norm):
    # each micro-batch's gradient is clipped on its own (DP-SGD style) and added into a
    # buffer, so it must be computed alone: the clear on every micro-batch is the point
    params = list(model.parameters())
    buffer = [torch.zeros_like(p) for p in params]
    for i, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(params, max_norm)
        for acc, p in zip(buffer, params):
            acc += p.grad / accum_steps
        if (i + 1) % accum_steps == 0 or i + 1 == len(loader):
            for acc, p in zip(buffer, params):
                p.grad = acc.clone()
                acc.zero_()
            optimizer.step()
