import torch
from torch import nn


def pull(source):
    item = next(source, None)
    return item, item is None


def train(net, optimizer, train_set, rounds=2):
    for _ in range(rounds):
        feed = iter(train_set)
        item, exhausted = pull(feed)
        while not exhausted:
            inputs, labels = item
            optimizer.zero_grad()
            loss = nn.functional.cross_entropy(net(inputs), labels)
            loss.backward(retain_graph=True)
            optimizer.step()
            item, exhausted = pull(feed)
    return net


if __name__ == "__main__":
    torch.manual_seed(0)
    model = nn.Linear(5, 3)
    train_set = [(torch.randn(4, 5), torch.randint(0, 3, (4,))) for _ in range(6)]
    train(model, torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9), train_set)
