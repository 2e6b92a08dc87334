import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(6, 16), nn.Dropout(0.2), nn.Linear(16, 1))

    def forward(self, x):
        return self.body(x)


def test(model, data):
    model.eval()
    with torch.no_grad():
        return sum(nn.functional.mse_loss(model(x), y).item() for x, y in data)


def main(itr=2, epochs=3, kind="a"):
    torch.manual_seed(0)
    data = [(torch.randn(32, 6), torch.randn(32, 1)) for _ in range(4)]
    scores = []
    for ii in range(itr):
        if kind == "a":
            model = Net()
        elif kind == "b":
            model = Net()
        else:
            model = Net()
        opt = torch.optim.Adam(model.parameters(), lr=1e-2)
        for epoch in range(epochs):
            for x, y in data:
                opt.zero_grad()
                loss = nn.functional.mse_loss(model(x), y)
                loss.backward()
                opt.step()
        mse = test(model, data)
        scores.append(mse)
    print(scores)


if __name__ == "__main__":
    main()
