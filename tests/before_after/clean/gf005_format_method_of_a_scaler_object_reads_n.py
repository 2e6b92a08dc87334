# `helper.format(loss, accum_steps)` is a method of the project's own object, not a string's
# `.format`: it may scale the loss, so the rule stays silent.
import torch


class Scaler:
    def format(self, loss, n):
        return loss / n


def fit(net, optimizer, batches, accum_steps):
    helper = Scaler()
    for i, (x, y) in enumerate(batches):
        loss = torch.nn.functional.mse_loss(net(x), y)
        loss = helper.format(loss, accum_steps)
        loss.backward()
        if (i + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
    if (i + 1) % accum_steps != 0:
        optimizer.step()
        optimizer.zero_grad()
