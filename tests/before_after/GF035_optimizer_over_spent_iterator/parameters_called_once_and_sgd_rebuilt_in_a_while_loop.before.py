import torch
import torch.nn.functional as F


def fit(model, data, max_epochs, base_lr):
    params = model.parameters()
    optimizer = torch.optim.SGD(params, lr=base_lr, momentum=0.9)
    epoch = 0
    while epoch < max_epochs:
        for inputs, targets in data:
            optimizer.zero_grad()
            loss = F.mse_loss(model(inputs), targets)
            loss.backward()
            optimizer.step()
        epoch += 1
        if epoch % 10 == 0:
            optimizer = torch.optim.SGD(params, lr=base_lr * 0.1 ** (epoch // 10), momentum=0.9)
