"""A wrapper around a torch optimizer whose zero_grad() takes no argument."""


class InheritFromOther:
    def __init__(self, optimizer):
        self.optimizer = optimizer

    def step(self):
        self.optimizer.step()

    def zero_grad(self):  # no set_to_none
        self.optimizer.zero_grad()
