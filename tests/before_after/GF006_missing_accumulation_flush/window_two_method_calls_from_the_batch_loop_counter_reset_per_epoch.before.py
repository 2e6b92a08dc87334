"""The batch loop calls `self.train_batch(...)`, which calls `self.optimize(loss)`; that method
backpropagates, counts the micro-batch through `self.tick()` and steps when `self.n_iter` is a
multiple of the accumulation count. `self.finish_epoch()` sets the count back to 0 after each
epoch's batch loop: the micro-batches after the last full window are never stepped on their
own, and flow into the first window of the next epoch. Reported; no flush is written through
two calls."""
import torch
from torch import nn


class Distiller:
    def __init__(self, student: nn.Module, batches, grad_accum: int, n_epochs: int) -> None:
        self.student = student
        self.batches = batches
        self.grad_accum = grad_accum
        self.n_epochs = n_epochs
        self.optimizer = torch.optim.AdamW(student.parameters(), lr=5e-4)
        self.n_iter = 0
        self.last_loss = 0.0

    def tick(self) -> None:
        self.n_iter += 1

    def optimize(self, loss: torch.Tensor) -> None:
        (loss / self.grad_accum).backward()
        self.tick()
        if self.n_iter % self.grad_accum == 0:
            self.optimizer.step()
            self.optimizer.zero_grad()

    def train_batch(self, inputs, targets) -> None:
        loss = nn.functional.cross_entropy(self.student(inputs), targets)
        self.last_loss = loss.item()
        self.optimize(loss)

    def finish_epoch(self) -> None:
        print("epoch done, last loss", self.last_loss)
        self.n_iter = 0

    def train(self) -> None:
        for _ in range(self.n_epochs):
            for inputs, targets in self.batches:
                self.train_batch(inputs, targets)
            self.finish_epoch()
