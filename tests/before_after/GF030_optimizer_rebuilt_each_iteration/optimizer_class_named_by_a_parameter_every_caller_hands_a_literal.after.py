import torch


def fit(network, batches, optimizer_name, steps=100):
    done = 0
    optimizer = getattr(torch.optim, optimizer_name)(network.parameters(), lr=1e-3)
    while done < steps:
        features, target = batches[done % len(batches)]
        optimizer.zero_grad(set_to_none=True)
        torch.nn.functional.mse_loss(network(features), target).backward()
        optimizer.step()
        done += 1


def tune(network, batches, epochs, algorithm="RMSprop"):
    opt = getattr(torch.optim, algorithm)(network.parameters(), lr=1e-2)
    for _ in range(epochs):
        for features, target in batches:
            opt.zero_grad(set_to_none=True)
            torch.nn.functional.mse_loss(network(features), target).backward()
            opt.step()


def main(batches):
    net = torch.nn.Linear(5, 1)
    fit(net, batches, "SGD")
    fit(net, batches, optimizer_name="Adam", steps=50)
    tune(net, batches, 3)
