# A countdown window (`remaining -= 1`, the step when `not remaining`, then `remaining = every`)
# whose flush after the batch loop tests that micro-batches wait for a step
# (`remaining != every`): the tail is stepped, nothing to report.
import torch


def run_epoch(model, optimizer, batches, every):
    model.train()
    remaining = every
    for features, target in batches:
        if remaining == every:
            optimizer.zero_grad()
        remaining -= 1
        loss = torch.nn.functional.mse_loss(model(features), target)
        loss.backward()
        if not remaining:
            optimizer.step()
            remaining = every
    if remaining != every:
        optimizer.step()
    return model
