import torch
import torch.nn as nn


def flagged_pass(net, batches, loss_fn, opt=None):
    is_train = opt is not None
    net.train(is_train)
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


def chosen_pass(net, batches, loss_fn, opt=None):
    training = opt is not None
    net.train() if training else net.eval()
    for inputs, targets in batches:
        loss = loss_fn(net(inputs), targets)
        if training:
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()


def eval_unless_given(net, batches, loss_fn, opt=None):
    if opt is None:
        net.eval()
    for inputs, targets in batches:
        loss = loss_fn(net(inputs), targets)
        if opt is not None:
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()


def main():
    network = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.2), nn.Linear(8, 2))
    sgd = torch.optim.SGD(network.parameters(), lr=0.05)
    mse = nn.MSELoss()
    train_batches = [(torch.randn(3, 4), torch.randn(3, 2)) for _ in range(5)]
    val_batches = [(torch.randn(3, 4), torch.randn(3, 2)) for _ in range(2)]
    for _ in range(2):
        flagged_pass(network, train_batches, mse, sgd)
        flagged_pass(network, val_batches, mse)
    for _ in range(2):
        chosen_pass(network, train_batches, mse, sgd)
        chosen_pass(network, val_batches, mse)
    for _ in range(2):
        network.train()
        eval_unless_given(network, train_batches, mse, sgd)
        eval_unless_given(network, val_batches, mse)


main()
