import torch

from engine import fit
from steps import make_step


def main():
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]
    print(fit(model, data, step=make_step(model, optimizer))[-1])


if __name__ == "__main__":
    main()
