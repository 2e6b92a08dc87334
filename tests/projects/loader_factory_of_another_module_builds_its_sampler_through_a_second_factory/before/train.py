import torch

from data.loading import make_dataset, make_loader


def main(epochs=3):
    torch.manual_seed(0)
    net = torch.nn.Linear(3, 1)
    opt = torch.optim.Adam(net.parameters(), lr=1e-2)
    loader = make_loader(make_dataset())
    epoch = 0
    while epoch < epochs:
        for x, y in loader:
            opt.zero_grad()
            torch.nn.functional.mse_loss(net(x), y).backward()
            opt.step()
        epoch += 1
    print(net.weight.sum().item())


if __name__ == "__main__":
    main()
