import torch


def grad_norm(model):
    return torch.sqrt(sum((p.grad ** 2).sum() for p in model.parameters() if p.grad is not None))


def train(model, loader, optimizer, log):
    for x, y in loader:
        optimizer.zero_grad()
        out = model(x)
        task = torch.nn.functional.cross_entropy(out, y)
        reg = out.pow(2).mean()
        task.backward(retain_graph=True)
        norm_task = grad_norm(model)
        reg.backward()
        log(norm_task, grad_norm(model) - norm_task)
        optimizer.step()
