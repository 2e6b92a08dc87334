"""A factory of the step function: it binds the model and optimizer and returns the function
it defines. The loop that calls that function lives in loops.py (the clear is missing: the bug)."""
import torch.nn.functional as F


def make_train_step(model, optimizer):
    def train_step(batch):
        x, y = batch
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        return loss.item()

    return train_step
