# `probe.evaluate()` switches `self.network` to eval mode, but the object was built over the
# frozen teacher (`Probe(teacher, ...)`), not the student the loop trains: the student's mode
# is untouched.
import torch
import torch.nn as nn


class Probe:
    def __init__(self, network, val_batches):
        self.network = network
        self.val_batches = val_batches

    def evaluate(self):
        self.network.eval()
        with torch.no_grad():
            return sum(nn.functional.cross_entropy(self.network(x), y).item() for x, y in self.val_batches)


def main(teacher, loader, val_batches, epochs):
    student = nn.Sequential(nn.Linear(10, 32), nn.Dropout(0.3), nn.ReLU(), nn.Linear(32, 4))
    probe = Probe(teacher, val_batches)
    optimizer = torch.optim.Adam(student.parameters(), lr=1e-3)
    student.train()
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            with torch.no_grad():
                soft = teacher(x).softmax(dim=1)
            nn.functional.kl_div(student(x).log_softmax(dim=1), soft, reduction="batchmean").backward()
            optimizer.step()
        print(epoch, probe.evaluate())
