import torch

from lib.data import make_train_loader
from lib.evals import score


def main():
    model = torch.nn.Linear(4, 2)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    loader, sampler = make_train_loader()
    for epoch in range(3):
        loader.sampler.set_epoch(epoch)
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
        print(epoch, score(model, loader))


if __name__ == "__main__":
    main()
