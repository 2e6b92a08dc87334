import schedulefree
import torch

net = torch.nn.Sequential(torch.nn.Linear(5, 5), torch.nn.ReLU(), torch.nn.Linear(5, 1))
sgd = schedulefree.SGDScheduleFree(net.parameters(), lr=0.2)


def fit(loader, epochs):
    net.train()
    sgd.train()
    for epoch in range(epochs):
        sgd.lr = 0.2 * 0.5 ** epoch
        for x, y in loader:
            sgd.zero_grad()
            torch.nn.functional.mse_loss(net(x), y).backward()
            sgd.step()
    sgd.eval()
