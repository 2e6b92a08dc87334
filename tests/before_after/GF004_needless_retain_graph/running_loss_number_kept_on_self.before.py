# The trainer keeps running sums on `self` from Python numbers read off the loss
# (`loss.item() * n`, `float(loss)`, a batch size): no tensor of the graph outlives the
# iteration, so nothing backpropagates through it again and `retain_graph=True` only holds
# memory.
import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)
        self.loss_sum = 0.0
        self.seen = 0
        self.worst = 0.0

    def fit(self, loader):
        for x, y in loader:
            self.opt.zero_grad()
            loss = F.mse_loss(self.model(x), y)
            loss.backward(retain_graph=True)
            self.opt.step()
            n = x.size(0)
            self.loss_sum = self.loss_sum + loss.item() * n
            self.seen = self.seen + n

    def fit_epoch(self, loader):
        for x, y in loader:
            self.opt.zero_grad()
            loss = F.l1_loss(self.model(x), y)
            loss.backward(retain_graph=True)
            self.opt.step()
            self.loss_sum = self.loss_sum + float(loss) * x.shape[0]
            self.worst = max(self.worst, float(loss))
