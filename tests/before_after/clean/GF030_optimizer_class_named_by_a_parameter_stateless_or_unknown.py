import torch


def fit(network, batches, optimizer_name):
    for features, target in batches:
        optimizer = getattr(torch.optim, optimizer_name)(network.parameters(), lr=1e-3)
        optimizer.zero_grad(set_to_none=True)
        torch.nn.functional.mse_loss(network(features), target).backward()
        optimizer.step()


def probe(network, batches, kind):
    for features, target in batches:
        opt = getattr(torch.optim, kind)(network.parameters(), lr=1e-2)
        opt.zero_grad(set_to_none=True)
        torch.nn.functional.mse_loss(network(features), target).backward()
        opt.step()


def main(batches, config):
    net = torch.nn.Linear(5, 1)
    fit(net, batches, "SGD")
    fit(net, batches, optimizer_name="SGD")
    probe(net, batches, config.optimizer)
    probe(net, batches, "Adam") if config.debug else None
