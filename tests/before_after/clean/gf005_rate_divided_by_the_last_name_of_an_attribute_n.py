import torch


class Trainer:
    def __init__(self, net, accum_iter, learning_rate):
        self.net = net
        self.accum_iter = accum_iter
        init_learning_rate = learning_rate / accum_iter
        self.opt = torch.optim.Adam(net.parameters(), lr=init_learning_rate)

    def run(self, data):
        for i, (x, y) in enumerate(data):
            loss = torch.nn.functional.mse_loss(self.net(x), y)
            loss.backward()
            if (i + 1) % self.accum_iter == 0 or i + 1 == len(data):
                self.opt.step()
                self.opt.zero_grad()
