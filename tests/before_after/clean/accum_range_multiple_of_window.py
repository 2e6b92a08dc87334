import torch


def train(model, data_iter, optimizer, num_updates, accum):
    for it in range(num_updates * accum):
        x, y = next(data_iter)
        loss = torch.nn.functional.mse_loss(model(x), y) / accum
        loss.backward()
        if (it + 1) % accum == 0:
            optimizer.step()
            optimizer.zero_grad()
