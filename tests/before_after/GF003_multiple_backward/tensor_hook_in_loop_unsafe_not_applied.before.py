import torch


def train(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        hidden = model.encoder(x)
        hidden.register_hook(lambda g: g.clamp(-1.0, 1.0))
        recon = torch.nn.functional.mse_loss(model.decoder(hidden), x)
        label = torch.nn.functional.cross_entropy(model.classifier(hidden), y)
        recon.backward(retain_graph=True)
        label.backward()
        optimizer.step()
