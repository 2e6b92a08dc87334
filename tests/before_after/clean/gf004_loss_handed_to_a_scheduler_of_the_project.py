# Correct (for gradfix: left alone): the loss tensor is handed to `step` of a scheduler class of
# the module, whose code may do anything with it, and to a helper gradfix cannot see into; and in
# the last loop the plateau scheduler is given what a call returns (`evaluate(...)`, which may
# backpropagate through the graph again). gradfix does not remove `retain_graph=True` there.
import torch
import torch.nn as nn
from monitors import report


class LossScheduler:
    def __init__(self, optimizer):
        self.optimizer = optimizer
        self.history = []

    def step(self, loss):
        self.history.append(loss)


def fit(model, x, epochs=5):
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    scheduler = LossScheduler(optimizer)
    for epoch in range(epochs):
        optimizer.zero_grad()
        train_loss = model(x).pow(2).mean()
        train_loss.backward(retain_graph=True)
        optimizer.step()
        scheduler.step(train_loss)


def fit_reported(model, x, epochs=5):
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    for epoch in range(epochs):
        optimizer.zero_grad()
        train_loss = model(x).pow(2).mean()
        train_loss.backward(retain_graph=True)
        optimizer.step()
        report(train_loss)


def fit_evaluated(model, x, evaluate, epochs=5):
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(optimizer)
    for epoch in range(epochs):
        optimizer.zero_grad()
        train_loss = model(x).pow(2).mean()
        train_loss.backward(retain_graph=True)
        optimizer.step()
        scheduler.step(evaluate(model, train_loss))
