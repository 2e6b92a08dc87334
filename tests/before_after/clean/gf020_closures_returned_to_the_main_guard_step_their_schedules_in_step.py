import torch
import torch.nn.functional as F

EPOCHS = 5


def setup(loader):
    """The epoch schedule stepped by the epoch's closure, once per epoch; the batch schedule
    (its horizon counted in batches) by the batch closure."""
    net = torch.nn.Linear(4, 1)
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    per_epoch = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=EPOCHS)
    head = torch.nn.Linear(4, 1)
    head_opt = torch.optim.SGD(head.parameters(), lr=0.1)
    per_batch = torch.optim.lr_scheduler.CosineAnnealingLR(head_opt, T_max=EPOCHS * len(loader))

    def train_batch(x, y):
        opt.zero_grad()
        head_opt.zero_grad()
        loss = F.mse_loss(net(x), y) + F.mse_loss(head(x), y)
        loss.backward()
        opt.step()
        head_opt.step()
        per_batch.step()
        return loss.item()

    def close_epoch(epoch):
        per_epoch.step()

    return net, train_batch, close_epoch


if __name__ == "__main__":
    data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(10)]
    net, train_batch, close_epoch = setup(data)
    for epoch in range(EPOCHS):
        for x, y in data:
            train_batch(x, y)
        close_epoch(epoch)
