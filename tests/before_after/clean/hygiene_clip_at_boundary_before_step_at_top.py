import torch


def train(model, loader, accum):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for i, (x, y) in enumerate(loader):
        if i > 0 and i % accum == 0:
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y) / accum
        loss.backward()
