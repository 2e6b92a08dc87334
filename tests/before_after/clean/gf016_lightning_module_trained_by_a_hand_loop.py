# Correct: the file's Trainer fits another module; Student's training_step is driven by a hand
# loop that steps every ACC batches, so its `/ ACC` is the only division.
import pytorch_lightning as pl
import torch

ACC = 4


class Student(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Linear(5, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return torch.nn.functional.mse_loss(self.head(x), y) / ACC


class Teacher(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Linear(5, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return torch.nn.functional.mse_loss(self.head(x), y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def hand_loop(model, optimizer, loader):
    for i, batch in enumerate(loader):
        model.training_step(batch, i).backward()
        if (i + 1) % ACC == 0:
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
    if (i + 1) % ACC != 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)


def main(loader):
    pl.Trainer(accumulate_grad_batches=ACC).fit(Teacher(), loader)
    student = Student()
    hand_loop(student, torch.optim.SGD(student.parameters(), lr=0.1), loader)
