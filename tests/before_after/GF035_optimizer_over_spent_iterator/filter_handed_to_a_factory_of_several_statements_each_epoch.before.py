import torch


def make_optimizer(params, base_lr, scale=1.0):
    lr = base_lr * scale
    print(f"optimizer lr {lr}")
    optimizer = torch.optim.SGD(params, lr=lr, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10)
    return optimizer, scheduler


def train(model, loader, epochs):
    trainable = filter(lambda p: p.requires_grad, model.parameters())
    for epoch in range(epochs):
        optimizer, scheduler = make_optimizer(trainable, 0.1, 0.5 ** epoch)
        for x, y in loader:
            optimizer.zero_grad(set_to_none=True)
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
        scheduler.step()
