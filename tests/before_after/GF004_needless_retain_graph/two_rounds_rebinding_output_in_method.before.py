import torch


class TwoViewTrainer:
    def __init__(self, model, lr=1e-2):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=lr)

    def fit(self, loader):
        for x, y in loader:
            self.opt.zero_grad()
            out = self.model(x)
            loss = torch.nn.functional.mse_loss(out, y)
            loss.backward(retain_graph=True)
            self.opt.step()

            self.opt.zero_grad()
            out = self.model(x.flip(0))
            loss = torch.nn.functional.mse_loss(out, y.flip(0))
            loss.backward()
            self.opt.step()
