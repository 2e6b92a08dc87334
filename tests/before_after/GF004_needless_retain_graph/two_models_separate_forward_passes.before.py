"""Two models trained side by side on the same batch, each with its own forward pass and
optimizer: the second backward walks only the second model's graph. The batch both read
is data, not a graph."""

import json

import torch
from torch import nn

DEVICE = torch.device("cpu")


def train(student, baseline, batches):
    student_opt = torch.optim.SGD(student.parameters(), lr=0.1)
    baseline_opt = torch.optim.SGD(baseline.parameters(), lr=0.1)
    history = []
    for x, y in batches:
        x, y = x.to(DEVICE), y.to(DEVICE)
        student_opt.zero_grad()
        student_loss = nn.functional.cross_entropy(student(x), y)
        student_loss.backward(retain_graph=True)
        student_opt.step()

        baseline_opt.zero_grad()
        baseline_loss = nn.functional.cross_entropy(baseline(x.view(x.size(0), -1)), y)
        baseline_loss.backward()
        baseline_opt.step()
        history.append([student_loss.item(), baseline_loss.item()])
    weights = [p.detach().reshape(-1).tolist() for p in [*student.parameters(), *baseline.parameters()]]
    return history, weights


def main():
    torch.manual_seed(0)
    student = nn.Sequential(nn.Linear(5, 16), nn.Tanh(), nn.Linear(16, 3))
    baseline = nn.Linear(5, 3)
    batches = [(torch.randn(8, 5), torch.randint(0, 3, (8,))) for _ in range(3)]
    losses, weights = train(student, baseline, batches)
    print(json.dumps({"losses": losses, "weights": weights}))


if __name__ == "__main__":
    main()
