import torch


class Learner:
    def __init__(self, model, window, updating=True):
        self.model = model
        self.window = window
        self.updating = updating
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)

    def fit_epoch(self, batches):
        pending = 0
        self.optimizer.zero_grad()
        for inputs, targets in batches:
            pending += 1
            loss = torch.nn.functional.mse_loss(self.model(inputs), targets)
            (loss / self.window).backward()
            if pending >= self.window and self.updating:
                pending = 0
                self.optimizer.step()
                self.optimizer.zero_grad()

        # the last micro-batches did not fill a whole window: step on them too
        if self.updating and pending != 0:
            self.optimizer.step()
            self.optimizer.zero_grad()
        return pending
