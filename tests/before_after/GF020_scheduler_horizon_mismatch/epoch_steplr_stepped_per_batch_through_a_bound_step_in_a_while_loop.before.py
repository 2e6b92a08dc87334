import torch


class Trainer:
    def __init__(self, net, epochs):
        self.net = net
        self.epochs = epochs

    def fit(self, batches):
        adam = torch.optim.Adam(self.net.parameters(), lr=1e-3)
        plateau_free = torch.optim.lr_scheduler.StepLR(adam, step_size=self.epochs // 3, gamma=0.1)
        advance_lr = plateau_free.step
        epoch = 0
        while epoch < self.epochs:
            for xb, yb in batches:
                adam.zero_grad(set_to_none=True)
                torch.nn.functional.mse_loss(self.net(xb), yb).backward()
                adam.step()
                advance_lr()
            epoch += 1
