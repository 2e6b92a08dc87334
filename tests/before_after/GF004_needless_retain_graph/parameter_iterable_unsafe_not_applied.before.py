import torch


def fit_head(head, optimizer, features, epochs):
    # the caller may build `features` with a model (an encoder run once): then every
    # backward goes through that graph again and needs it kept
    for epoch in range(epochs):
        for feats, y in features:
            optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(head(feats), y)
            loss.backward(retain_graph=True)
            optimizer.step()
