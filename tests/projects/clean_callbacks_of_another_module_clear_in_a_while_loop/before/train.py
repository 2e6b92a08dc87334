import torch

from callbacks import GradReset, Printer
from loop import Fitter


class MSEFitter(Fitter):
    def compute_loss(self, x, y):
        return ((self.model(x) - y) ** 2).mean()


def main():
    model = torch.nn.Linear(3, 1)
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    data = [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(5)]
    MSEFitter(model, optimizer, data, [Printer(), GradReset()]).fit(10)


if __name__ == "__main__":
    main()
