from functools import partial

import torch
import torch.nn.functional as F


def update(net, optim, inputs, targets):
    optim.zero_grad()
    loss = F.mse_loss(net(inputs), targets)
    loss.backward(retain_graph=True)
    optim.step()
    return float(loss)


def run_epochs(loader, epochs, step):
    done = 0
    while done < epochs:
        for inputs, targets in loader:
            last = step(inputs, targets)
            print(f"epoch {done}: {last:.4f}")
        done += 1


def main():
    net = torch.nn.Linear(3, 1)
    optim = torch.optim.Adam(net.parameters(), lr=1e-3)
    loader = [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(3)]
    run_epochs(loader, epochs=2, step=partial(update, net, optim))


if __name__ == "__main__":
    main()
