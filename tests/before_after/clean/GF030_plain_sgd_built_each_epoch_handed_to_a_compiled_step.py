import torch


def fit_batch(network, optimizer, inputs, targets):
    optimizer.zero_grad()
    loss = torch.nn.functional.smooth_l1_loss(network(inputs), targets)
    loss.backward()
    optimizer.step()


run_batch = torch.compile(fit_batch, dynamic=True)


def train(network, loader, epochs):
    for epoch in range(epochs):
        optimizer = torch.optim.SGD(network.parameters(), lr=1e-3 * 0.9**epoch)
        for inputs, targets in loader:
            run_batch(network, optimizer, inputs, targets)
