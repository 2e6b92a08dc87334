import torch


def fit_batch(network, optimizer, inputs, targets):
    optimizer.zero_grad()
    loss = torch.nn.functional.smooth_l1_loss(network(inputs), targets)
    loss.backward()
    optimizer.step()


run_batch = torch.compile(fit_batch, dynamic=True)


def train(network, loader, epochs):
    optimizer = torch.optim.RMSprop(network.parameters(), lr=1e-3)
    for epoch in range(epochs):
        for inputs, targets in loader:
            run_batch(network, optimizer, inputs, targets)
