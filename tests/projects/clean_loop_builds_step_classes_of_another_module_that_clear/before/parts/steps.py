class Step:
    """Starts an update: clears the optimizer's gradients, then holds the batch."""

    def __init__(self, optimizer, inputs, targets):
        optimizer.zero_grad(set_to_none=True)
        self.inputs = inputs
        self.targets = targets


class Holder:
    def __init__(self, owner):
        self.owner = owner
        owner.reset()


class step_record(Holder):
    def __init__(self, owner, x, y):
        super().__init__(owner)
        self.x = x
        self.y = y
