import torch


def train(model, loader, optimizer, accum):
    global_step = 0
    for epoch in range(3):
        for x, y in loader:
            loss = torch.nn.functional.mse_loss(model(x), y) / accum
            loss.backward()
            if (global_step + 1) % accum == 0:
                optimizer.step()
                optimizer.zero_grad()
            global_step += 1
