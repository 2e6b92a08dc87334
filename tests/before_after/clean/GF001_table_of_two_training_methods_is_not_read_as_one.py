import torch


class Pair:
    def __init__(self, model, head, data):
        self.model = model
        self.head = head
        self.data = data
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)
        self.opt_head = torch.optim.SGD(head.parameters(), lr=0.1)
        self.steps = {"body": self.body_step, "head": self.head_step}

    def run(self, order):
        for key in order:
            for x, y in self.data:
                self.steps[key](x, y)

    def body_step(self, x, y):
        self.opt.zero_grad()
        torch.nn.functional.mse_loss(self.model(x), y).backward()
        self.opt.step()

    def head_step(self, x, y):
        self.opt_head.zero_grad()
        torch.nn.functional.mse_loss(self.head(x), y).backward()
        self.opt_head.step()
