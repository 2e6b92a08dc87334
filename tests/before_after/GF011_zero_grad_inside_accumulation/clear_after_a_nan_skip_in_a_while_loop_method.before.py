import torch

GRAD_ACC = 8


class Fitter:
    def __init__(self, net, batches):
        self.net = net
        self.batches = batches
        self.opt = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)

    def fit(self):
        batches = self.batches
        k = 0
        while k < len(batches):
            inputs, labels = batches[k]
            k += 1
            objective = torch.nn.functional.mse_loss(self.net(inputs), labels) * (1.0 / GRAD_ACC)
            if torch.isnan(objective):
                continue
            self.opt.zero_grad(set_to_none=True)
            objective.backward()
            if k % GRAD_ACC == 0 or k == len(batches):
                self.opt.step()
