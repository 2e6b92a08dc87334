# The autocast's dtype is an attribute of a settings class of the file (`TrainSettings.half`,
# bound once in its body to float16, never rebound): the forward runs in float16 and nothing
# scales the loss. Reported without a fix.
import torch


class TrainSettings:
    half: torch.dtype = torch.float16
    lr = 1e-3


def train(net, batches, epochs):
    opt = torch.optim.Adam(net.parameters(), lr=TrainSettings.lr)
    for _ in range(epochs):
        for inputs, targets in batches:
            opt.zero_grad()
            with torch.autocast(device_type="cuda", dtype=TrainSettings.half):
                loss = torch.nn.functional.mse_loss(net(inputs), targets)
            loss.backward()
            opt.step()
