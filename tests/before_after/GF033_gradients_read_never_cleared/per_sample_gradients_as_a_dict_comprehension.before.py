import torch.nn.functional as F


def per_sample_gradients(model, samples):
    grads = []
    for x, y in samples:
        loss = F.mse_loss(model(x), y)
        loss.backward()
        g = {n: p.grad.clone() for n, p in model.named_parameters()}
        grads.append(g)
    return grads
