import torch


class Warmup:
    def __init__(self, model, data, accumulation):
        self.model = model
        self.data = data
        self.accumulation = accumulation
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

    def fit(self):
        self.optimizer.zero_grad()
        i = 0
        while i < len(self.data):
            x, y = self.data[i]
            torch.nn.functional.mse_loss(self.model(x), y).div(self.accumulation).backward()
            if i % self.accumulation == 0:
                self.optimizer.step()
                self.optimizer.zero_grad()
            if i in (127, 255, 511):
                self.accumulation *= 2
            i += 1
        self.optimizer.step()  # the last, partial window
        self.optimizer.zero_grad()
