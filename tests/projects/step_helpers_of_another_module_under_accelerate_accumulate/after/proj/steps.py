import torch.nn.functional as F


def training_step(accelerator, model, optimizer, batch):
    x, y = batch
    loss = F.mse_loss(model(x), y)
    accelerator.backward(loss)
    optimizer.step()
    optimizer.zero_grad(set_to_none=True)
    return loss.detach()


def update(accelerator, net, optim, inputs, targets):
    """One micro-batch: forward, backward, step."""
    out = net(inputs)
    loss = F.cross_entropy(out, targets)
    accelerator.backward(loss)
    if accelerator.sync_gradients:
        accelerator.clip_grad_norm_(net.parameters(), 1.0)
    optim.step()
    optim.zero_grad()
    return loss.item()
