import torch


def train(model, loader, epochs, lr=0.2):
    optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    lr_steps = epochs * len(loader)
    scheduler = torch.optim.lr_scheduler.MultiStepLR(optimizer, milestones=[lr_steps // 2, lr_steps * 3 // 4], gamma=0.1)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad(set_to_none=True)
            torch.nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
        scheduler.step()
