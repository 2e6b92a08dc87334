import torch


def train(model, loader, style_layers, mse):
    optimizer = torch.optim.LBFGS([model.image])
    for batch in loader:
        optimizer.zero_grad()
        features = model(batch)
        style_loss = 0
        for layer in style_layers:
            style_loss += mse(features[layer], batch[layer])
        terms = []
        for layer in style_layers:
            terms.append(mse(features[layer], batch[layer]))
        total = style_loss + torch.stack(terms).sum()
        total.backward()
        optimizer.step(lambda: total)
