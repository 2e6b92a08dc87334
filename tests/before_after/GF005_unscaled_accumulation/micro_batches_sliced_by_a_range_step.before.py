# Each batch is cut into slices of `microbatch` rows by a range over its rows; every slice's
# mean loss is backpropagated whole, so the step applies the sum of the slices' mean
# gradients: as many times the batch's mean gradient as there are slices.
import torch
import torch.nn.functional as F


def train(model, loader, microbatch=4):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    for batch, target in loader:
        opt.zero_grad()
        for i in range(0, batch.shape[0], microbatch):
            micro = batch[i : i + microbatch]
            micro_target = target[i : i + microbatch]
            loss = F.mse_loss(model(micro), micro_target)
            loss.backward()
        opt.step()
