class InheritFromOther:
    def __init__(self, optimizer):
        self.optimizer = optimizer

    def step(self):
        self.optimizer.step()

    def zero_grad(self):  # takes no set_to_none
        self.optimizer.zero_grad()
