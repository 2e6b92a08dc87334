import torch


class Tuner:
    """The loop calls the static step by the class's name (and a second one through `self`):
    each builds its optimizer again on every call."""

    def __init__(self, net, head):
        self.net = net
        self.head = head

    @staticmethod
    def one_step(model, x, y, rate):
        sgd = torch.optim.SGD(model.parameters(), lr=rate, momentum=0.9)
        sgd.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        sgd.step()

    @staticmethod
    def head_step(head, feats, y):
        adam = torch.optim.Adam(head.parameters())
        adam.zero_grad()
        torch.nn.functional.mse_loss(head(feats), y).backward()
        adam.step()

    def tune(self, pairs):
        n = 0
        while n < len(pairs):
            x, y = pairs[n]
            Tuner.one_step(self.net, x, y, 0.01)
            self.head_step(self.head, x.detach(), y)
            n += 1
