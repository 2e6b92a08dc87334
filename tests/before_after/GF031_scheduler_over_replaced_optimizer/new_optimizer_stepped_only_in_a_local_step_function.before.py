import torch
from torch import nn


def fit(net, batches, epochs=3):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    schedule = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.5)
    optimizer = torch.optim.AdamW(net.parameters(), lr=1e-3)

    def train_step(xb, yb):
        optimizer.zero_grad(set_to_none=True)
        loss = nn.functional.mse_loss(net(xb), yb)
        loss.backward()
        optimizer.step()
        return loss.item()

    epoch = 0
    while epoch < epochs:
        history = [train_step(xb, yb) for xb, yb in batches]
        schedule.step()
        epoch += 1
    return history


if __name__ == "__main__":
    torch.manual_seed(0)
    print(fit(nn.Linear(3, 1), [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(2)]))
