import torch
import torch.nn.functional as F

EPOCHS = 5


def setup(loader):
    """A schedule over the epochs (`T_max=EPOCHS`), stepped by the closure `train_batch`, which
    the loop under the main guard calls on every batch."""
    net = torch.nn.Linear(4, 1)
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=EPOCHS)

    def train_batch(x, y):
        opt.zero_grad()
        loss = F.mse_loss(net(x), y)
        loss.backward()
        opt.step()
        sched.step()
        return loss.item()

    def close_epoch(epoch):
        print(epoch, sched.get_last_lr())

    return net, train_batch, close_epoch


if __name__ == "__main__":
    data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(10)]
    net, train_batch, close_epoch = setup(data)
    for epoch in range(EPOCHS):
        for x, y in data:
            train_batch(x, y)
        close_epoch(epoch)
