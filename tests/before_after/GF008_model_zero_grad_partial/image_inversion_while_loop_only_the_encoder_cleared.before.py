import torch


def invert_features(encoder, target_features, shape, max_iters=200):
    """Feature inversion: an image optimized so the encoder's features match; its gradient
    is zeroed by hand after each step."""
    image = torch.randn(shape, requires_grad=True)
    optim = torch.optim.SGD([image], lr=0.1, momentum=0.9)
    n = 0
    while n < max_iters:
        encoder.zero_grad()
        feats = encoder(image)
        loss = (feats - target_features).pow(2).mean()
        loss.backward()
        optim.step()
        n += 1
    return image.detach()
