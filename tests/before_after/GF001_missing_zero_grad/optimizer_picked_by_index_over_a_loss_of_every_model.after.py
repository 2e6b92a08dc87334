# Buggy: each optimizer is picked by the index and steps once, but every iteration's loss runs
# through all the models: the second optimizer steps the gradients of both backward passes.
import torch


def co_train(models, optimizers, x, y):
    for k in range(len(optimizers)):
        optimizers[k].zero_grad(set_to_none=True)
        prediction = sum(m(x) for m in models) / len(models)
        loss = torch.nn.functional.mse_loss(prediction, y)
        loss.backward()
        optimizers[k].step()
