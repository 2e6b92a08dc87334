import torch


class Trainer:
    def __init__(self, net, accum_iter, learning_rate, epochs):
        self.net = net
        self.accum_iter = accum_iter
        self.windows = epochs / accum_iter
        self.opt = torch.optim.Adam(net.parameters(), lr=learning_rate)

    def run(self, data):
        while True:
            for i, (x, y) in enumerate(data):
                loss = torch.nn.functional.mse_loss(self.net(x), y)
                loss.backward()
                if (i + 1) % self.accum_iter == 0:
                    self.opt.step()
                    self.opt.zero_grad()
