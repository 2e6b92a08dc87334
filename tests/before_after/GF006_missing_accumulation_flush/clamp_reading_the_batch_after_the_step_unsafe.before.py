import torch


def train(model, loader, optimizer, accum_steps):
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(x), y) / accum_steps
        loss.backward()
        if (i + 1) % accum_steps == 0:
            optimizer.step()
            bound = y.abs().max()
            model.scale.data.clamp_(-bound, bound)
            optimizer.zero_grad()
