import torch


def outer_loop(model, tasks, meta_optimizer):
    for task in tasks:
        loss = model(task).pow(2).mean()
        grads = torch.autograd.grad(loss, list(model.parameters()))
        # .grad is overwritten, never accumulated
        for p, g in zip(model.parameters(), grads):
            p.grad = g
        meta_optimizer.step()
