import torch


def warm_up(model, batches, lr=0.01):
    for x, y in batches:
        # a fresh optimizer every batch, but the model's .grad lives on
        sgd = torch.optim.SGD(model.parameters(), lr=lr)
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        sgd.step()
