# A `@staticmethod` step helper called on the class from the loop clears its optimizer
# between the backward and the step: the step applies nothing.
import torch


class Engine:
    @staticmethod
    def step(model, opt, x, y):
        opt.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        opt.step()


def train(model, opt, loader):
    for x, y in loader:
        Engine.step(model, opt, x, y)
