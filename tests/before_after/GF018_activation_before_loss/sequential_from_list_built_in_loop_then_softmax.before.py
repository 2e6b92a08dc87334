import torch
from torch import nn


class DeepMLP(nn.Module):
    def __init__(self, sizes, classes):
        super().__init__()
        blocks = []
        previous = sizes[0]
        depth = 0
        while depth < len(sizes) - 1:
            blocks.append(nn.Linear(previous, sizes[depth + 1]))
            blocks.append(nn.Tanh())
            previous = sizes[depth + 1]
            depth += 1
        blocks.append(nn.Linear(previous, classes))
        blocks.append(nn.Softmax(dim=-1))
        self.stack = nn.Sequential(*blocks)

    def forward(self, x):
        return self.stack(x)


def train(model, batches, epochs=3):
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(epochs):
        for x, y in batches:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()


if __name__ == "__main__":
    model = DeepMLP([10, 20, 20], 5)
    train(model, [(torch.randn(6, 10), torch.randint(0, 5, (6,)))])
