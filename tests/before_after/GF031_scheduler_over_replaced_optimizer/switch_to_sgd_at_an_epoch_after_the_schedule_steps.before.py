import torch


def train(net, loader, epochs, switch_epoch):
    optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
    lr_decay = torch.optim.lr_scheduler.StepLR(optimizer, step_size=5, gamma=0.5)
    for epoch in range(epochs):
        net.train()
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(net(x), y).backward()
            optimizer.step()
        lr_decay.step()
        if epoch == switch_epoch:  # Adam first, then SGD to finish
            optimizer = torch.optim.SGD(net.parameters(), lr=1e-2, momentum=0.9)
