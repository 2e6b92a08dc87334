import torch.nn.functional as F


def train(model, optimizer, loader, every):
    # the loss of a skipped step is the previous step's: its graph is walked again
    loss = None
    for step, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        if step % every == 0:
            loss = F.mse_loss(model(x), y)
        elif step % every == 1:
            pass
        else:
            loss = F.l1_loss(model(x), y)
        loss.backward(retain_graph=True)
        optimizer.step()
