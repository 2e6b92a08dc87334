# engine.py's training epoch switches the model to train mode first: nothing to report.
import torch

from engine import evaluate, train_one_epoch


def main(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    lr_scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=30)
    model.train()
    for epoch in range(epochs):
        train_one_epoch(model, optimizer, loader)
        lr_scheduler.step()
        print(epoch, evaluate(model, loader))
