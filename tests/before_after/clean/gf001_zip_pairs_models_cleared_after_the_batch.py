# Correct: after stepping every pair, the batch loop clears every model's gradients.
import torch


def train_ensemble(models, optimizers, loader):
    for x, y in loader:
        for model, optimizer in zip(models, optimizers):
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            optimizer.step()
        for model in models:
            model.zero_grad(set_to_none=True)
