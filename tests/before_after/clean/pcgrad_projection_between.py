import torch


def train(model, loader, optimizer):
    params = list(model.parameters())
    for x, y1, y2 in loader:
        out1, out2 = model(x)
        losses = [torch.nn.functional.mse_loss(out1, y1), torch.nn.functional.mse_loss(out2, y2)]
        optimizer.zero_grad()
        losses[0].backward(retain_graph=True)
        first = [p.grad.clone() for p in params]
        for p in params:
            p.grad = None
        losses[1].backward()
        for p, g in zip(params, first):
            dot = (p.grad * g).sum()
            if dot < 0:
                p.grad -= dot / (g.norm() ** 2 + 1e-12) * g
            p.grad += g
        optimizer.step()
