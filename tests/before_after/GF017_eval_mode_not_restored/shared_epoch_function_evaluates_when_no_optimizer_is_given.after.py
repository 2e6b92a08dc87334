import torch
import torch.nn as nn


def one_pass(net, batches, loss_fn, opt=None):
    is_train = opt is not None
    if not is_train:
        net.eval()
    seen = 0.0
    with torch.set_grad_enabled(is_train):
        for inputs, targets in batches:
            loss = loss_fn(net(inputs), targets)
            if is_train:
                opt.zero_grad(set_to_none=True)
                loss.backward()
                opt.step()
            seen += loss.item()
    return seen


network = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.2), nn.Linear(8, 2))
sgd = torch.optim.SGD(network.parameters(), lr=0.05)
mse = nn.MSELoss()
train_batches = [(torch.randn(3, 4), torch.randn(3, 2)) for _ in range(5)]
val_batches = [(torch.randn(3, 4), torch.randn(3, 2)) for _ in range(2)]
for round_ in range(4):
    one_pass(network, train_batches, mse, sgd)
    one_pass(network, val_batches, mse)
    network.train()
